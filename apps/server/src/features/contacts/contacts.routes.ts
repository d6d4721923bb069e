import { contacts as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ContactsService } from "./contacts.service.js";

export function registerContactRoutes(
  registry: Calls,
  contacts: ContactsService,
): void {
  registry.register(calls.getContacts, async (_input, ctx) => ({
    data: await contacts.list(requireSession(ctx).userId, ctx.publicUrl),
    // count: pending friend requests and page: the newest invite time, once friends land.
    count: 0,
    page: 0,
  }));
}
