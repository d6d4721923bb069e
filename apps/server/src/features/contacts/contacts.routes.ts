import { type Contact, contacts as calls } from "@parley/protocol";
import { JsonText } from "../../lib/json.js";
import { translate } from "../../lib/messages.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ContactsService } from "./contacts.service.js";

export function registerContactRoutes(
  registry: Calls,
  contacts: ContactsService,
): void {
  registry.register(calls.getContacts, async (_input, ctx) => {
    const me = requireSession(ctx).userId;
    const [list, waiting, notices] = await Promise.all([
      contacts.listText(me, ctx.publicUrl),
      contacts.waitingRequests(me),
      contacts.noticesEntry(
        me,
        translate("notice.entryName", ctx.lang),
        ctx.publicUrl,
      ),
    ]);
    // The notices entry is always appended (wire-contract.md §5.2); a client shows it once
    // it has something to say.
    const entry = JSON.stringify(notices);
    const data = new JsonText<Contact[]>(
      list.text === "[]" ? `[${entry}]` : `${list.text.slice(0, -1)},${entry}]`,
    );
    // The envelope carries the system entry's badge (wire-contract.md §2.4): friend
    // requests waiting for me, and when the newest came.
    return { data, count: waiting.count, page: waiting.newest };
  });
}
