import { describe, expect, it } from "vitest";
import {
  type AcceptCase,
  expectRefused,
  type RejectCase,
} from "../../test/schema-cases.js";
import { GLOBAL_CONFIG as CONFIG } from "../../test/samples.js";
import { getSystemInfo } from "./system.js";

describe("getSystemInfo", () => {
  it.each<AcceptCase>([
    { name: "an empty body", body: {}, expected: {} },
    { name: "unknown fields, dropped", body: { t: "1" }, expected: {} },
  ])("accepts $name", ({ body, expected }) => {
    expect(getSystemInfo.request.parse(body)).toEqual(expected);
  });

  it.each<RejectCase>([
    { name: "an array body", body: [], field: "" },
    { name: "a null body", body: null, field: "" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(getSystemInfo.request, rejectCase);
  });

  it("answers the global config with string values", () => {
    expect(getSystemInfo.response.parse(CONFIG)).toEqual(CONFIG);
  });

  it.each<{ name: string; answer: unknown }>([
    {
      name: "regauth as a number",
      answer: { ...CONFIG, sysInfo: { ...CONFIG.sysInfo, regauth: 0 } },
    },
    {
      name: "redoTime as a number",
      answer: { ...CONFIG, chatInfo: { ...CONFIG.chatInfo, redoTime: 120 } },
    },
    { name: "demon_mode as text", answer: { ...CONFIG, demon_mode: "0" } },
    { name: "codeByEmail as a number", answer: { ...CONFIG, codeByEmail: 1 } },
    { name: "no codeBySms", answer: { ...CONFIG, codeBySms: undefined } },
    {
      name: "fileExt as a string",
      answer: {
        ...CONFIG,
        fileUpload: { ...CONFIG.fileUpload, fileExt: "jpg" },
      },
    },
  ])("refuses an answer with $name", ({ answer }) => {
    expect(getSystemInfo.response.safeParse(answer).success).toBe(false);
  });
});
