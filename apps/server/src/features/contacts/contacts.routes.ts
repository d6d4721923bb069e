import { contacts as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ContactsService } from "./contacts.service.js";

export function registerContactRoutes(
  registry: Calls,
  contacts: ContactsService,
): void {
  registry.register(calls.getContacts, async (_input, ctx) => {
    const me = requireSession(ctx).userId;
    const [list, waiting] = await Promise.all([
      contacts.list(me, ctx.publicUrl),
      contacts.waitingRequests(me),
    ]);
    // The envelope carries the system entry's badge (wire-contract.md §2.4): friend
    // requests waiting for me, and when the newest came.
    return { data: list, count: waiting.count, page: waiting.newest };
  });
}
