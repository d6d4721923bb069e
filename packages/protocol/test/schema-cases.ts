import { expect } from "vitest";
import type { z } from "zod/mini";
import { MESSAGE_KEYS, type MessageKey } from "../src/common/message-keys.js";

/* Shared by the descriptor tests: how a schema refuses a body. */

export function isMessageKey(value: string): value is MessageKey {
  return (MESSAGE_KEYS as readonly string[]).includes(value);
}

/**
 * The first issue of a refused body: the field it names and the message key it carries,
 * undefined when the message is zod's own text (the server then answers
 * request.invalidField with the field).
 */
export function refusal(
  schema: z.ZodMiniType,
  body: unknown,
): { field: string; key: MessageKey | undefined } | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return { field: "", key: undefined };
  return {
    field: issue.path.map(String).join("."),
    key: isMessageKey(issue.message) ? issue.message : undefined,
  };
}

export interface AcceptCase {
  name: string;
  body: unknown;
  expected: unknown;
}

export interface RejectCase {
  name: string;
  body: unknown;
  /** The field the first issue names ("" for the body itself). */
  field: string;
  /** The message key the schema sets, or undefined where it leaves zod's text. */
  key?: MessageKey;
}

export interface MaxCase {
  field: string;
  max: number;
  key: MessageKey;
}

export function expectRefused(
  schema: z.ZodMiniType,
  { body, field, key }: RejectCase,
) {
  expect(refusal(schema, body)).toEqual({ field, key });
}
