import { describe, expect, it } from "vitest";
import { commandOf } from "./command.js";
import { isHookUrl, triggerWords } from "./hook.js";

/* Issue 48: the rules both sides apply to hooks' and commands' fields. */

describe("commandOf", () => {
  it("reads /name and the text after it, in any case", () => {
    expect(commandOf("/deploy")).toEqual({ name: "deploy", text: "" });
    expect(commandOf("/Deploy  main now ")).toEqual({
      name: "deploy",
      text: "main now",
    });
    expect(commandOf("/ticket\nline two")).toEqual({
      name: "ticket",
      text: "line two",
    });
  });
  it("is no command for // , a path, punctuation or a leading space", () => {
    for (const text of [
      "//deploy",
      "/usr/bin",
      "/deploy,",
      " /deploy",
      "/",
      "deploy",
      `/${"a".repeat(33)}`,
    ])
      expect(commandOf(text)).toBeNull();
  });
});

describe("triggerWords", () => {
  it("trims, lower-cases and drops repeats", () => {
    expect(triggerWords(" Deploy, build ,deploy,,")).toEqual([
      "deploy",
      "build",
    ]);
  });
  it("refuses none, more than ten, a space inside or a long word", () => {
    expect(triggerWords(" , ")).toBeNull();
    expect(triggerWords("a,b,c,d,e,f,g,h,i,j,k")).toBeNull();
    expect(triggerWords("two words")).toBeNull();
    expect(triggerWords("x".repeat(33))).toBeNull();
  });
});

describe("isHookUrl", () => {
  it("takes http and https addresses with a host", () => {
    for (const url of [
      "https://ci.example.com/hook?x=1",
      "http://127.0.0.1:8080/slash",
      "http://[::1]:3000/",
    ])
      expect(isHookUrl(url)).toBe(true);
  });
  it("refuses other schemes, credentials, spaces and very long ones", () => {
    for (const url of [
      "javascript:alert(1)",
      "ftp://example.com/",
      "http://user:pw@example.com/",
      "https://exa mple.com/",
      "https://",
      `https://example.com/${"a".repeat(1000)}`,
    ])
      expect(isHookUrl(url)).toBe(false);
  });
});
