import { z } from "zod/mini";

/*
 * Existing clients send form-encoded bodies, where every value is a string
 * (wire-contract.md §1.2); our own client may send JSON with real numbers and booleans.
 * These helpers accept both and nothing else: an object or an array where a scalar
 * belongs is refused.
 */

const INT_PATTERN = /^-?\d{1,15}$/;

/** A string field; a number is taken as its decimal text. */
export function formString() {
  return z.pipe(
    z.transform((v) =>
      typeof v === "number" && Number.isFinite(v) ? String(v) : v,
    ),
    z.string().check(z.refine(isCleanText, { error: "request.invalidField" })),
  );
}

// NUL, lone surrogates and U+FFFD (what broken UTF-8 decodes to) are never meant text,
// and PostgreSQL refuses NUL in text outright.
const UNCLEAN_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern catches
  /\u0000|\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds only characters a person could have typed or pasted. */
export function isCleanText(value: string): boolean {
  return !UNCLEAN_TEXT.test(value);
}

/** An integer field sent as a number or as decimal text. */
export function formInt() {
  return z.pipe(
    z.transform((v) =>
      typeof v === "string" && INT_PATTERN.test(v.trim())
        ? Number(v.trim())
        : v,
    ),
    z.int(),
  );
}

const TRUE_WORDS = new Set(["1", "true", "on", "yes"]);
const FALSE_WORDS = new Set(["0", "false", "off", "no", ""]);

/** A boolean field: `true`/`false`, `1`/`0`, `"true"`/`"false"`, `"on"`/`"off"`. */
export function formBool() {
  return z.pipe(
    z.transform((v) => {
      if (typeof v === "number") return v === 1 ? true : v === 0 ? false : v;
      if (typeof v === "string") {
        const word = v.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
      }
      return v;
    }),
    z.boolean(),
  );
}

/** An optional field where an empty string means "not sent" (qs turns `null` into `key=`). */
export function optional<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.transform((v): unknown => (v === "" || v === null ? undefined : v)),
    z.optional(schema),
  );
}
