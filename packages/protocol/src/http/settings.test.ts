import { describe, expect, it } from "vitest";
import {
  type AcceptCase,
  expectRefused,
  type RejectCase,
} from "../../test/schema-cases.js";
import { LANGUAGES } from "../rules/languages.js";
import { setting, switchLang } from "./settings.js";

describe("setting", () => {
  it.each<AcceptCase>([
    {
      name: "the form strings existing clients post",
      body: {
        sendKey: "2",
        theme: "blue",
        isVoice: "true",
        avatarCricle: "false",
        hideMessageName: "1",
        hideMessageTime: "0",
      },
      expected: {
        sendKey: 2,
        theme: "blue",
        isVoice: true,
        avatarCricle: false,
        hideMessageName: true,
        hideMessageTime: false,
      },
    },
    {
      name: "one field as JSON",
      body: { sendKey: 1 },
      expected: { sendKey: 1 },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(setting.request.parse(body)).toEqual(expected);
  });

  it.each<RejectCase>([
    {
      name: "sendKey 3",
      body: { sendKey: "3" },
      field: "sendKey",
      key: "request.invalidField",
    },
    {
      name: "an unknown theme",
      body: { theme: "red" },
      field: "theme",
      key: "request.invalidField",
    },
    { name: "a word for a flag", body: { isVoice: "maybe" }, field: "isVoice" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(setting.request, rejectCase);
  });
});

describe("switchLang", () => {
  it.each(LANGUAGES)("accepts %s", (lang) => {
    expect(switchLang.request.parse({ lang })).toEqual({ lang });
  });

  it.each<RejectCase>([
    { name: '"xx"', body: { lang: "xx" }, field: "lang", key: "lang.invalid" },
    { name: '"ZH"', body: { lang: "ZH" }, field: "lang", key: "lang.invalid" },
    {
      name: '"zh-CN"',
      body: { lang: "zh-CN" },
      field: "lang",
      key: "lang.invalid",
    },
    {
      name: '" zh"',
      body: { lang: " zh" },
      field: "lang",
      key: "lang.invalid",
    },
    {
      name: "an empty lang",
      body: { lang: "" },
      field: "lang",
      key: "lang.invalid",
    },
    {
      name: "a number",
      body: { lang: 12 },
      field: "lang",
      key: "lang.invalid",
    },
    { name: "no lang", body: {}, field: "lang" },
    { name: "an array", body: { lang: ["zh"] }, field: "lang" },
    { name: "an object", body: { lang: { code: "zh" } }, field: "lang" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(switchLang.request, rejectCase);
  });

  it("answers the language", () => {
    expect(switchLang.response.parse({ lang: "en" })).toEqual({ lang: "en" });
    expect(switchLang.response.safeParse({}).success).toBe(false);
  });
});
