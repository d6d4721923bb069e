import { describe, expect, it } from "vitest";
import {
  COLLAPSE_CHARACTERS,
  COLLAPSE_LINES,
  collapsedText,
} from "./long-text";

describe("long messages collapse (issue 15, fault 7)", () => {
  it("shows a message up to the limits whole", () => {
    expect(collapsedText("short")).toBeNull();
    expect(collapsedText("a".repeat(COLLAPSE_CHARACTERS))).toBeNull();
    expect(
      collapsedText(Array(COLLAPSE_LINES).fill("x").join("\n")),
    ).toBeNull();
  });

  it("collapses past either limit, keeping the start and marking the cut", () => {
    const long = collapsedText("a".repeat(2_000));
    expect(long?.endsWith("…")).toBe(true);
    expect(Array.from(long ?? "").length).toBeLessThan(COLLAPSE_CHARACTERS);
    const tall = collapsedText(
      Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n"),
    );
    expect(tall?.startsWith("line 0\nline 1")).toBe(true);
    expect(tall?.split("\n").length).toBeLessThan(COLLAPSE_LINES);
  });

  it("never cuts an emoji in half", () => {
    const cut = collapsedText("😀".repeat(1_000)) ?? "";
    expect(cut.replace("…", "")).toMatch(/^(😀)+$/u);
  });
});
