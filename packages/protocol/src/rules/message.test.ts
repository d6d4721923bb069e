import { describe, expect, it } from "vitest";
import {
  clipText,
  hasVisibleText,
  isCopyable,
  namesMe,
  typedTextLength,
  visibleText,
} from "./message.js";

describe("visibleText", () => {
  it.each<{ content: string; expected: string }>([
    { content: "plain", expected: "plain" },
    { content: "<b>bold</b> text", expected: "bold text" },
    { content: 'a<img src="x.png">b', expected: 'a<img src="x.png">b' },
    { content: "<br/><p></p>", expected: "" },
  ])("$content → $expected", ({ content, expected }) => {
    expect(visibleText(content)).toBe(expected);
  });
});

describe("hasVisibleText", () => {
  it.each<{ content: string; expected: boolean }>([
    { content: "", expected: false },
    { content: "   \n ", expected: false },
    { content: "<br><div> </div>", expected: false },
    { content: '<img src="a.gif">', expected: true },
    { content: "x", expected: true },
  ])("$content → $expected", ({ content, expected }) => {
    expect(hasVisibleText(content)).toBe(expected);
  });
});

describe("typedTextLength", () => {
  it.each<{ text: string; expected: number }>([
    { text: "", expected: 0 },
    { text: "abc", expected: 3 },
    { text: "你好😀", expected: 3 },
    { text: "a\nb\r\nc", expected: 3 },
    { text: "<<&>>", expected: 5 },
  ])("$text → $expected", ({ text, expected }) => {
    expect(typedTextLength(text)).toBe(expected);
  });
});

describe("clipText", () => {
  it("keeps whole characters: CJK, emoji with modifiers, flags", () => {
    expect(clipText("你好世界", 2)).toBe("你好");
    expect(clipText("👍🏽👍🏽x", 1)).toBe("👍🏽");
    expect(clipText("🇨🇳🇫🇷", 1)).toBe("🇨🇳");
    expect(clipText("short", 10)).toBe("short");
    expect(clipText("", 3)).toBe("");
  });
});

describe("isCopyable", () => {
  it("is what a person sent, never a server line or a call record", () => {
    for (const type of ["text", "image", "voice", "video", "file", "emoji"])
      expect(isCopyable(type)).toBe(true);
    for (const type of ["event", "webrtc", "unknown"])
      expect(isCopyable(type)).toBe(false);
  });
});

describe("namesMe", () => {
  it("reads mentions as a page gives them (strings) and as a send does (numbers)", () => {
    expect(namesMe(["5", "7"], 7)).toBe(true);
    expect(namesMe([5, 7], 7)).toBe(true);
    expect(namesMe(["0"], 9)).toBe(true);
    expect(namesMe([0], 9)).toBe(true);
    expect(namesMe(["5", "17"], 7)).toBe(false);
    expect(namesMe([], 7)).toBe(false);
  });
});
