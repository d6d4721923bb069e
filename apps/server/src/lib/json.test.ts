import { describe, expect, it } from "vitest";
import { parseJsonObject } from "./json.js";

describe("parseJsonObject", () => {
  it.each<{ raw: string; expected: Record<string, unknown> }>([
    { raw: '{"a":1,"b":"x"}', expected: { a: 1, b: "x" } },
    { raw: "{}", expected: {} },
    { raw: "[1,2]", expected: {} },
    { raw: "null", expected: {} },
    { raw: '"text"', expected: {} },
    { raw: "not json", expected: {} },
    { raw: "", expected: {} },
  ])("$raw", ({ raw, expected }) => {
    expect(parseJsonObject(raw)).toEqual(expected);
  });
});
