import type { ContactsService } from "./contacts.service.js";

/** Chat lists kept current: a change that touches them, and one entry as it is now. */
export type ContactChanges = Pick<ContactsService, "changed" | "one">;
