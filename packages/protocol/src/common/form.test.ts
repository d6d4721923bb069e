import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { formBool, formInt, formString, optional } from "./form.js";

interface AcceptCase {
  name: string;
  input: unknown;
  expected: unknown;
}

interface RejectCase {
  name: string;
  input: unknown;
}

/** Values no scalar helper may take: a form field never arrives as one of these. */
const NEVER_SCALAR: RejectCase[] = [
  { name: "an object", input: { value: "1" } },
  { name: "an empty object", input: {} },
  { name: "an array", input: ["1"] },
  { name: "an empty array", input: [] },
  { name: "null", input: null },
  { name: "undefined", input: undefined },
  { name: "NaN", input: Number.NaN },
  { name: "Infinity", input: Number.POSITIVE_INFINITY },
  { name: "a bigint", input: 1n },
  { name: "a function", input: () => "1" },
];

describe("formString", () => {
  const schema = formString();

  it.each<AcceptCase>([
    { name: "a form string", input: "hello", expected: "hello" },
    { name: "an empty string", input: "", expected: "" },
    {
      name: "a string with spaces, kept verbatim",
      input: "  hi  ",
      expected: "  hi  ",
    },
    { name: "Chinese", input: "你好", expected: "你好" },
    { name: "a JSON integer", input: 12, expected: "12" },
    { name: "a JSON zero", input: 0, expected: "0" },
    { name: "a JSON negative decimal", input: -1.5, expected: "-1.5" },
    {
      name: "a phone sent as a JSON number",
      input: 13800000000,
      expected: "13800000000",
    },
  ])("accepts $name", ({ input, expected }) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each<RejectCase>([
    ...NEVER_SCALAR,
    { name: "a boolean", input: true },
    { name: "-Infinity", input: Number.NEGATIVE_INFINITY },
  ])("refuses $name", ({ input }) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe("formInt", () => {
  const schema = formInt();

  it.each<AcceptCase>([
    { name: '"0"', input: "0", expected: 0 },
    { name: '"42"', input: "42", expected: 42 },
    { name: '"-7"', input: "-7", expected: -7 },
    { name: '"007"', input: "007", expected: 7 },
    { name: '" 12 " (trimmed)', input: " 12 ", expected: 12 },
    { name: "15 digits", input: "999999999999999", expected: 999999999999999 },
    { name: "a JSON integer", input: 42, expected: 42 },
    { name: "a JSON negative integer", input: -3, expected: -3 },
    { name: "a JSON zero", input: 0, expected: 0 },
    {
      name: "the largest safe integer",
      input: Number.MAX_SAFE_INTEGER,
      expected: Number.MAX_SAFE_INTEGER,
    },
  ])("accepts $name", ({ input, expected }) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each<RejectCase>([
    ...NEVER_SCALAR,
    { name: '"1.5"', input: "1.5" },
    { name: '"1.0"', input: "1.0" },
    { name: "a JSON decimal", input: 1.5 },
    { name: '"12abc"', input: "12abc" },
    { name: '"abc"', input: "abc" },
    { name: "an empty string", input: "" },
    { name: "a blank string", input: "   " },
    { name: '"1e3"', input: "1e3" },
    { name: '"0x10"', input: "0x10" },
    { name: '"+5"', input: "+5" },
    { name: '"1 2"', input: "1 2" },
    { name: '"-"', input: "-" },
    { name: "16 digits", input: "9999999999999999" },
    { name: '"Infinity"', input: "Infinity" },
    { name: '"NaN"', input: "NaN" },
    { name: "full-width digits", input: "１２" },
    { name: "an unsafe integer", input: 2 ** 60 },
    { name: "a boolean", input: true },
    { name: '"true"', input: "true" },
  ])("refuses $name", ({ input }) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe("formBool", () => {
  const schema = formBool();

  it.each<AcceptCase>([
    { name: "true", input: true, expected: true },
    { name: "false", input: false, expected: false },
    { name: "1", input: 1, expected: true },
    { name: "0", input: 0, expected: false },
    { name: '"1"', input: "1", expected: true },
    { name: '"0"', input: "0", expected: false },
    { name: '"true" (what qs sends)', input: "true", expected: true },
    { name: '"false" (what qs sends)', input: "false", expected: false },
    { name: '"TRUE"', input: "TRUE", expected: true },
    { name: '"False"', input: "False", expected: false },
    { name: '"on" (a checkbox)', input: "on", expected: true },
    { name: '"off"', input: "off", expected: false },
    { name: '"yes"', input: "yes", expected: true },
    { name: '"no"', input: "no", expected: false },
    { name: '" yes " (trimmed)', input: " yes ", expected: true },
    { name: "an empty string", input: "", expected: false },
  ])("accepts $name", ({ input, expected }) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each<RejectCase>([
    ...NEVER_SCALAR,
    { name: "2", input: 2 },
    { name: "-1", input: -1 },
    { name: "0.5", input: 0.5 },
    { name: '"2"', input: "2" },
    { name: '"maybe"', input: "maybe" },
    { name: '"t"', input: "t" },
    { name: '"y"', input: "y" },
    { name: '"1.0"', input: "1.0" },
  ])("refuses $name", ({ input }) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe("optional", () => {
  it.each<AcceptCase>([
    { name: "an empty string as not sent", input: "", expected: undefined },
    { name: "null (qs's key=) as not sent", input: null, expected: undefined },
    { name: "undefined", input: undefined, expected: undefined },
    { name: "a form value", input: "5", expected: 5 },
    { name: "a JSON value", input: 5, expected: 5 },
    { name: "zero", input: "0", expected: 0 },
  ])("optional(formInt()) accepts $name", ({ input, expected }) => {
    expect(optional(formInt()).parse(input)).toBe(expected);
  });

  it.each<RejectCase>([
    { name: "a non-number", input: "x" },
    { name: "a decimal", input: "1.5" },
    { name: "an object", input: {} },
    { name: "an array", input: [] },
    { name: "a blank string (only empty means not sent)", input: " " },
  ])("optional(formInt()) refuses $name", ({ input }) => {
    expect(optional(formInt()).safeParse(input).success).toBe(false);
  });

  it("treats an empty string as not sent before formBool reads it as false", () => {
    expect(optional(formBool()).parse("")).toBeUndefined();
    expect(optional(formBool()).parse("0")).toBe(false);
  });

  it("treats an empty string as not sent for formString", () => {
    expect(optional(formString()).parse("")).toBeUndefined();
    expect(optional(formString()).parse("a")).toBe("a");
  });

  it("keeps the wrapped schema's refusals", () => {
    expect(optional(formString()).safeParse({ a: 1 }).success).toBe(false);
    expect(optional(formBool()).safeParse("maybe").success).toBe(false);
  });

  describe("inside an object", () => {
    const schema = z.object({ n: optional(formInt()) });

    it.each<AcceptCase>([
      { name: "a missing key", input: {}, expected: {} },
      { name: "an empty value", input: { n: "" }, expected: { n: undefined } },
      { name: "a form value", input: { n: "3" }, expected: { n: 3 } },
    ])("accepts $name", ({ input, expected }) => {
      expect(schema.parse(input)).toEqual(expected);
    });

    it("refuses an object value, naming the field", () => {
      const result = schema.safeParse({ n: { x: "1" } });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["n"]);
    });
  });
});
