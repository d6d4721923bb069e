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

/** A stored JSON array, or `[]` when the text is not one (damaged or hand-edited rows). */
export function parseJsonArray(raw: string): unknown[] {
  if (raw === "" || raw === "[]") return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as unknown[]) : [];
  } catch {
    return [];
  }
}

/**
 * An answer's `data` already written as JSON: for an answer many requests share unchanged
 * (the global config), written once rather than on every request, or one put together
 * from parts written before (a held contact list). `value` is what the text says: given,
 * or read from the text when asked (only checks ask).
 */
export class JsonText<T> {
  private readonly read: () => T;

  constructor(
    readonly text: string,
    value?: T,
  ) {
    this.read = value === undefined ? () => JSON.parse(text) as T : () => value;
  }

  get value(): T {
    return this.read();
  }
}
