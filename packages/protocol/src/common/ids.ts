import { z } from "zod";
import { formInt, formString } from "./form.js";

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
