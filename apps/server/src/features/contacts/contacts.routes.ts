import { contacts as calls } from "@parley/protocol";
import { translate } from "../../lib/messages.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ContactsService } from "./contacts.service.js";

export function registerContactRoutes(
  registry: Calls,
  contacts: ContactsService,
): void {
  registry.register(calls.getContacts, async (_input, ctx) => {
    const { data, waiting } = await contacts.answer(
      requireSession(ctx).userId,
      ctx.publicUrl,
      {
        notices: translate("notice.entryName", ctx.lang),
        self: translate("chat.selfName", ctx.lang),
        selfEmpty: translate("chat.selfEmpty", ctx.lang),
      },
    );
    // The envelope carries the system entry's badge (wire-contract.md §2.4): friend
    // requests waiting for me, and when the newest came.
    return { data, count: waiting.count, page: waiting.newest };
  });
}
