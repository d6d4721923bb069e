import { describe, expect, it } from "vitest";
import { GROUP_QR_TOKEN_MAX, isGroupQrToken } from "./group-qr.js";

describe("the shape of a group QR token", () => {
  it("accepts two base64url parts joined by a dot", () => {
    expect(
      isGroupQrToken(
        "eyJkIjp7ImciOjEsInUiOjJ9LCJlIjoxNzYzOTAwMDAwMDAwfQ.Zm9vYmFyLV9fLQ",
      ),
    ).toBe(true);
    expect(isGroupQrToken("a.b")).toBe(true);
    expect(isGroupQrToken("A-z_0.9")).toBe(true);
  });

  it("accepts exactly the longest token and refuses one character more", () => {
    const at = (length: number) => `${"a".repeat(length - 2)}.b`;
    expect(isGroupQrToken(at(GROUP_QR_TOKEN_MAX))).toBe(true);
    expect(isGroupQrToken(at(GROUP_QR_TOKEN_MAX + 1))).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["one part", "abc"],
    ["three parts", "a.b.c"],
    ["an empty part", "abc."],
    ["a leading dot", ".abc"],
    ["standard base64", "ab+c.de/f"],
    ["padding", "abc=.def"],
    ["a space", "ab c.def"],
    ["a slash (a path)", "abc/def.ghi"],
    ["a scheme", "https://evil.example.a"],
    ["a percent escape", "ab%2F.cd"],
    ["a line break", "abc.def\n"],
    ["non-ASCII", "群.二维码"],
  ])("refuses %s", (_what, token) => {
    expect(isGroupQrToken(token)).toBe(false);
  });
});
