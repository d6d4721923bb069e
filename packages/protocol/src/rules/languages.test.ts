import { describe, expect, it } from "vitest";
import type { Language } from "./languages.js";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  languageFromAcceptLanguage,
} from "./languages.js";

describe("LANGUAGES", () => {
  it("holds the 12 codes of SPEC §1, in menu order", () => {
    expect(LANGUAGES).toEqual([
      "zh",
      "en",
      "ft",
      "ry",
      "hy",
      "ty",
      "yn",
      "yny",
      "fy",
      "e",
      "ptyy",
      "dy",
    ]);
  });

  it("has no duplicates", () => {
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
  });

  it("defaults to zh", () => {
    expect(DEFAULT_LANGUAGE).toBe("zh");
  });
});

describe("isLanguage", () => {
  it.each(LANGUAGES)("%s is a language", (code) => {
    expect(isLanguage(code)).toBe(true);
  });

  it.each<{ name: string; value: unknown }>([
    { name: "an unknown code", value: "xx" },
    { name: "a BCP 47 tag", value: "zh-CN" },
    { name: "upper case", value: "ZH" },
    { name: "surrounding spaces", value: " zh " },
    { name: "empty", value: "" },
    { name: "a number", value: 1 },
    { name: "null", value: null },
    { name: "undefined", value: undefined },
    { name: "an array holding a code", value: ["zh"] },
    { name: "an object", value: { lang: "zh" } },
    { name: "a prototype key", value: "toString" },
  ])("refuses $name", ({ value }) => {
    expect(isLanguage(value)).toBe(false);
  });
});

describe("languageFromAcceptLanguage", () => {
  it.each<{ header: string; expected: Language | undefined }>([
    // Headers real browsers send.
    { header: "zh-CN,zh;q=0.9,en;q=0.8", expected: "zh" },
    { header: "zh-CN,zh;q=0.9", expected: "zh" },
    { header: "en-US,en;q=0.9", expected: "en" },
    { header: "en-GB,en-US;q=0.9,en;q=0.8", expected: "en" },
    { header: "zh-TW", expected: "ft" },
    { header: "zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", expected: "ft" },
    { header: "zh-HK,zh;q=0.9", expected: "ft" },
    { header: "zh-MO", expected: "ft" },
    { header: "zh-Hant", expected: "ft" },
    { header: "zh-Hant-TW", expected: "ft" },
    { header: "zh-tw", expected: "ft" },
    { header: "zh-SG", expected: "zh" },
    { header: "zh-Hans-CN", expected: "zh" },
    { header: "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", expected: "ry" },
    { header: "de-DE,de;q=0.9", expected: "hy" },
    { header: "th-TH,th;q=0.9", expected: "ty" },
    { header: "vi-VN,vi;q=0.9,fr-FR;q=0.8", expected: "yn" },
    { header: "id-ID,id;q=0.9", expected: "yny" },
    { header: "in", expected: "yny" },
    { header: "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", expected: "fy" },
    { header: "ko-KR,ko;q=0.9", expected: "e" },
    { header: "pt-BR,pt;q=0.9", expected: "ptyy" },
    { header: "ja", expected: "dy" },
    { header: "ja-JP,ja;q=0.9,en;q=0.8", expected: "dy" },
    // Unknown tags are skipped, the next known one wins.
    { header: "xx", expected: undefined },
    { header: "es-ES,es;q=0.9,en;q=0.8", expected: "en" },
    { header: "xx, en;q=0.5", expected: "en" },
    { header: "ido", expected: undefined },
    // q ordering.
    { header: "en;q=0.1, fr;q=0.9", expected: "fy" },
    { header: "en;q=0.5,de;q=0.8,ja;q=0.7", expected: "hy" },
    { header: "de;q=0.5,fr;q=0.5", expected: "hy" },
    { header: "fr;q=0.5, en", expected: "en" },
    { header: "en;q=0, fr", expected: "fy" },
    { header: "en;q=0", expected: undefined },
    { header: "en;q=0.000", expected: undefined },
    // Wildcards and whitespace.
    { header: "*", expected: undefined },
    { header: "*;q=0.5", expected: undefined },
    { header: "  en-US ;q=0.9 ,  fr ;q=0.8 ", expected: "en" },
    { header: ",,,", expected: undefined },
    { header: ";q=0.9", expected: undefined },
  ])("$header → $expected", ({ header, expected }) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it.each<{ name: string; header: string | undefined }>([
    { name: "no header", header: undefined },
    { name: "an empty header", header: "" },
  ])("$name → undefined", ({ header }) => {
    expect(languageFromAcceptLanguage(header)).toBeUndefined();
  });

  it("looks at the first 20 entries only", () => {
    const header = [...Array.from({ length: 20 }, () => "xx"), "en"].join(",");
    expect(languageFromAcceptLanguage(header)).toBeUndefined();
    expect(languageFromAcceptLanguage(`en,${header}`)).toBe("en");
  });

  const TEN_KB = 10 * 1024;
  let seed = 12345;
  const randomChar = (): string => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String.fromCharCode(32 + (seed % 95));
  };

  it.each<{ name: string; header: string }>([
    { name: "one long tag", header: "a".repeat(TEN_KB) },
    { name: "only commas", header: ",".repeat(TEN_KB) },
    { name: "only semicolons", header: ";".repeat(TEN_KB) },
    { name: "many q parameters", header: "en" + ";q=".repeat(TEN_KB / 3) },
    {
      name: "a long q value then spaces",
      header: `en;q=${"1".repeat(TEN_KB / 2)}${" ".repeat(TEN_KB / 2)}x`,
    },
    {
      name: "printable noise",
      header: Array.from({ length: TEN_KB }, randomChar).join(""),
    },
    {
      name: "control characters",
      header: "\u0000\u0001\n\r".repeat(TEN_KB / 4),
    },
  ])("a 10 kB garbage header ($name) does not throw", ({ header }) => {
    expect(header.length).toBeGreaterThanOrEqual(TEN_KB - 4);
    const result = languageFromAcceptLanguage(header);
    expect(result === undefined || isLanguage(result)).toBe(true);
  });

  it("still finds a known tag in front of 10 kB of garbage", () => {
    expect(languageFromAcceptLanguage(`ja,${"x;".repeat(5 * 1024)}`)).toBe(
      "dy",
    );
  });

  it.each([["kok-IN,kok;q=0.9"], ["zha"], ["jam"], ["frr"], ["rue"]])(
    "does not take %s for a language it only starts like",
    (header) => {
      expect(languageFromAcceptLanguage(header)).toBeUndefined();
    },
  );

  it("reads an upper-case Q weight", () => {
    expect(languageFromAcceptLanguage("en;Q=0.1, fr;q=0.9")).toBe("fy");
  });
});
