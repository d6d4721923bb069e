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
    { raw: '{"a":{"b":[1]}}', expected: { a: { b: [1] } } },
  ])("$raw", ({ raw, expected }) => {
    expect(parseJsonObject(raw)).toEqual(expected);
  });
});

it("keeps a __proto__ key as data, never as the object's prototype", () => {
  const parsed = parseJsonObject('{"__proto__":{"polluted":true}}');
  expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(parsed)).toEqual(["__proto__"]);
});
