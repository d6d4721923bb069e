import type { RealtimeHandlers } from "../../api/socket";
import { contactsKey, updateContact } from "./contacts.queries";

/** Presence in the list; after a reconnect, the list afresh (unread counts, last messages). */
export const contactsRealtime: RealtimeHandlers = {
  events: {
    isOnline: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        is_online: data.is_online,
      }));
    },
  },
  onReconnect: (ctx) => {
    void ctx.client.invalidateQueries({ queryKey: contactsKey });
  },
};
