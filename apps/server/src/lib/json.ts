import { z } from "zod";

const JsonObjectSchema = z.record(z.string(), z.unknown());

/** A stored JSON object, or `{}` when the text is not one (damaged or hand-edited rows). */
export function parseJsonObject(raw: string): Record<string, unknown> {
  try {
    const parsed = JsonObjectSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
