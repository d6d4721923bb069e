import type { Contact, Message } from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeHandlers } from "../../api/socket";
import { contactsKey, updateContact } from "../contacts";
import { useChatUiStore } from "./chat-ui.store";
import {
  markRead,
  messagesKey,
  updateMessages,
  upsertMessage,
} from "./messages.queries";

/** The chat a pushed 1:1 message belongs to, from my side (wire-contract.md §3.6). */
export function chatOf(message: Message, me: number): number | null {
  const raw = message.toContactId === me ? message.toUser : message.toContactId;
  const id = typeof raw === "number" ? raw : Number(raw);
  return Number.isInteger(id) && id > 0 && id !== me ? id : null;
}

function onMessage(client: QueryClient, message: Message, me: number): void {
  const contactId = chatOf(message, me);
  if (contactId === null) return;
  upsertMessage(client, contactId, message);
  const open =
    useChatUiStore.getState().openContactId === contactId &&
    document.visibilityState === "visible";
  const fromOther = message.from_user !== me;
  const known = updateContact(client, contactId, (c: Contact) => ({
    ...c,
    lastContent: message.content,
    lastSendTime: message.sendTime,
    type: message.type,
    unread: fromOther && !open ? c.unread + 1 : c.unread,
  }));
  if (!known) void client.invalidateQueries({ queryKey: contactsKey });
  // A new message in the open chat is read at once (SPEC §4).
  if (fromOther && open) void markRead(contactId).catch(() => undefined);
}

/**
 * Keeps the chats' caches in step with the socket: new messages, read marks; after a
 * reconnect, the open chat afresh.
 */
export const messagesRealtime: RealtimeHandlers = {
  events: {
    simple: (message, ctx) => {
      onMessage(ctx.client, message, ctx.me);
    },
    isRead: (marks, ctx) => {
      for (const mark of marks) {
        updateMessages(ctx.client, mark.toContactId, (m) =>
          m.id === mark.id && m.from_user === ctx.me ? { ...m, is_read: 1 } : m,
        );
      }
    },
    readAll: (data, ctx) => {
      updateMessages(ctx.client, data.toContactId, (m) =>
        m.from_user === ctx.me ? { ...m, is_read: 1 } : m,
      );
    },
  },
  onReconnect: (ctx) => {
    const open = useChatUiStore.getState().openContactId;
    if (open !== null)
      void ctx.client.invalidateQueries({ queryKey: messagesKey(open) });
  },
};
