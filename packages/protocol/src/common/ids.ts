import { z } from "zod/mini";
import { formInt, formString } from "./form.js";
import type { MessageKey } from "./message-keys.js";

/**
 * A database key sent as a number or decimal text: 1 up to `max` (a 32-bit key by default),
 * refused with `error` otherwise, so a foreign or absurd id answers like a missing one.
 */
export function positiveId(error: MessageKey, max = 2 ** 31 - 1) {
  return z.pipe(
    formInt(),
    z.int().check(z.gte(1, { error }), z.lte(max, { error })),
  );
}

/**
 * A contact id as clients send it (wire-contract.md §2.5): a user id, or `group-N` for a
 * group, the number after the dash being the group's id.
 */
export const ContactIdSchema = z.union([
  formInt(),
  z.pipe(
    formString(),
    z
      .string()
      .check(z.regex(/^group-\d{1,12}$/, { error: "request.invalidField" })),
  ),
]);
/** A contact id as clients send it. */
export type ContactId = z.infer<typeof ContactIdSchema>;

/**
 * The contact id of the notices entry (issue 12). Here, not with the console's notice
 * calls: a client reading it should not load their schemas (issue 14, F1).
 */
export const NOTICE_CONTACT_ID = "admin_notice";

/**
 * The chat with oneself (wire-contract.md §4.4 "My favourites / file transfer"): contact id
 * -1, `is_group` 3; files and notes sent to one's own other devices.
 */
export const SELF_CHAT_ID = -1;
/** The `is_group` of the chat with oneself. */
export const SELF_CHAT_KIND = 3;

/**
 * A group id as clients send it (wire-contract.md §2.5): `group-N`, the number after the
 * first dash being the id; a bare number is taken too.
 */
export const GroupIdSchema = z.pipe(
  z.transform((v) => {
    if (typeof v !== "string") return v;
    const dash = v.indexOf("-");
    return dash < 0 ? v : v.slice(dash + 1);
  }),
  positiveId("group.notFound"),
);
