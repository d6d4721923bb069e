import { describe, expect, it } from "vitest";
import { redirectQuery, safeRedirect } from "./redirect";

describe("the redirect after signing in", () => {
  it.each([
    ["/join/abc.def", "/join/abc.def"],
    ["/chat", "/chat"],
    ["/manage/index?tab=users", "/manage/index?tab=users"],
    ["/", "/"],
  ])("keeps the app's path %s", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    ["nothing", null],
    ["empty", ""],
    ["a relative path", "join/abc"],
    ["another site", "https://evil.example/"],
    ["a protocol-relative host", "//evil.example/"],
    ["a backslash host", "/\\evil.example/"],
    ["the login page", "/login"],
    ["the login page with a token", "/login?token=abc"],
    ["the register page", "/register?redirect=%2Fchat"],
  ])("drops %s", (_what, value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it("carries a target on as a query, and nothing for home", () => {
    expect(redirectQuery("/join/abc.def")).toBe("?redirect=%2Fjoin%2Fabc.def");
    expect(redirectQuery("/")).toBe("");
    expect(redirectQuery(null)).toBe("");
  });
});
