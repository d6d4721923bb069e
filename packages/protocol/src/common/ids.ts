import { z } from "zod";
import { formInt, formString } from "./form.js";
import type { MessageKey } from "./message-keys.js";

/**
 * A database key sent as a number or decimal text: 1 up to `max` (a 32-bit key by default),
 * refused with `error` otherwise, so a foreign or absurd id answers like a missing one.
 */
export function positiveId(error: MessageKey, max = 2 ** 31 - 1) {
  return formInt().pipe(z.number().int().min(1, { error }).max(max, { error }));
}

/**
 * A contact id as clients send it (wire-contract.md §2.5): a user id, or `group-N` for a
 * group, the number after the dash being the group's id.
 */
export const ContactIdSchema = z.union([
  formInt(),
  formString().pipe(
    z.string().regex(/^group-\d{1,12}$/, { error: "request.invalidField" }),
  ),
]);
/** A contact id as clients send it. */
export type ContactId = z.infer<typeof ContactIdSchema>;

/**
 * A group id as clients send it (wire-contract.md §2.5): `group-N`, the number after the
 * first dash being the id; a bare number is taken too.
 */
export const GroupIdSchema = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const dash = v.indexOf("-");
  return dash < 0 ? v : v.slice(dash + 1);
}, positiveId("group.notFound"));
