/*
 * An export's values read without trusting their types: each source writes what it likes
 * (a number as text, JSON as text or as a value), and an import must never crash on one.
 */

/** A JSON object as read. */
export type Json = Record<string, unknown>;

/** Text: a string, a number's digits, a buffer's UTF-8; anything else "". */
export const str = (value: unknown): string =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "bigint"
      ? String(value)
      : Buffer.isBuffer(value)
        ? value.toString("utf8")
        : "";

/** A finite number, or 0. */
export const num = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : Number(str(value)) || 0;

/** An array, or []. */
export const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : [];

/** An object (not an array, not a buffer), or {}. */
export const obj = (value: unknown): Json =>
  value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  !Buffer.isBuffer(value)
    ? (value as Json)
    : {};

/** An object, or JSON text of one (MariaDB answers a JSON column as text), or {}. */
export function jsonObject(value: unknown): Json {
  if (value && typeof value === "object" && !Buffer.isBuffer(value))
    return obj(value);
  try {
    return obj(JSON.parse(str(value)));
  } catch {
    return {};
  }
}
