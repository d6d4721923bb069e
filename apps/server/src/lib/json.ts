/**
 * A stored JSON object, or `{}` when the text is not one (damaged or hand-edited rows).
 * Read for every message of every page, so checked by hand rather than by a schema
 * (issue 14's profile): JSON.parse makes only plain objects and arrays.
 */
export function parseJsonObject(raw: string): Record<string, unknown> {
  if (raw === "" || raw === "{}") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" &&
      parsed !== null &&
      !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * An answer's `data` already written as JSON: for an answer many requests share unchanged
 * (the global config), written once rather than on every request.
 */
export class JsonText<T> {
  constructor(
    readonly value: T,
    readonly text: string,
  ) {}
}
