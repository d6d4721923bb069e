import { isSystemNotice } from "@parley/protocol";
import type { RealtimeHandlers } from "../../api/socket";
import { refetchContacts, SYSTEM_CONTACT_ID, updateContact } from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { refreshPerson } from "../people";
import { addNotice, requestsKey } from "./friends.queries";

/** A friend's id as `removeGroup` names them (digits), or null for a group (`group-N`). */
function friendIdOf(groupId: string): number | null {
  return /^\d+$/.test(groupId) ? Number(groupId) : null;
}

/**
 * Friends live (wire-contract.md §5.9): a request's line bumps the system entry's badge and
 * lists it; a new friend refreshes the request lists (contacts adds the contact); an ended
 * friendship closes that chat if it is open (contacts drops the contact).
 */
export const friendsRealtime: RealtimeHandlers = {
  events: {
    simple: (data, ctx) => {
      if (!isSystemNotice(data)) return;
      const known = updateContact(ctx.client, SYSTEM_CONTACT_ID, (c) => ({
        ...c,
        unread: c.unread + 1,
        lastSendTime: data.sendTime,
        lastEvent: data.extends,
      }));
      // The list is not loaded yet, or predates the entry: its count comes with it.
      if (!known) void refetchContacts(ctx.client);
      addNotice(ctx.client, data);
      void ctx.client.invalidateQueries({ queryKey: requestsKey });
    },
    appendContact: (contact, ctx) => {
      void ctx.client.invalidateQueries({ queryKey: requestsKey });
      if (typeof contact.id === "number") refreshPerson(ctx.client, contact.id);
    },
    removeGroup: (data, ctx) => {
      const friend = friendIdOf(data.group_id);
      if (friend === null) return;
      const ui = useChatUiStore.getState();
      if (ui.openContactId === friend) ui.open(null);
      refreshPerson(ctx.client, friend);
    },
  },
  // Requests may have come or been answered while the socket was down.
  onBound: (ctx) => {
    void ctx.client.invalidateQueries({ queryKey: requestsKey });
  },
};
