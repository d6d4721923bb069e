import type { Contact, Message } from "@parley/protocol";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { realtime } from "../../api/socket";
import { toast } from "../../lib/feedback";
import { useConnectionStore } from "../../stores/connection.store";
import { useSessionStore } from "../../stores/session.store";
import { useChatUiStore } from "./chat-ui.store";
import {
  contactsKey,
  markRead,
  messagesKey,
  updateContact,
  updateMessages,
  upsertMessage,
} from "./chat.queries";

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
 * Keeps the chat's caches in step with the socket: messages, read marks, presence; forced
 * logout on eviction; and after a reconnect, fetches what was missed.
 */
export function useChatRealtime(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation("chat");
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);

  useEffect(() => {
    if (!token || !user) return;
    const me = user.user_id;
    const offEvent = realtime.onEvent((event) => {
      switch (event.type) {
        case "simple":
          onMessage(client, event.data, me);
          return;
        case "isRead":
          for (const item of event.data) {
            if (typeof item !== "object" || item === null) continue;
            const { id, toContactId } = item as {
              id?: unknown;
              toContactId?: unknown;
            };
            if (typeof id !== "string" || typeof toContactId !== "number")
              continue;
            updateMessages(client, toContactId, (m) =>
              m.id === id && m.from_user === me ? { ...m, is_read: 1 } : m,
            );
          }
          return;
        case "readAll":
          updateMessages(client, event.data.toContactId, (m) =>
            m.from_user === me ? { ...m, is_read: 1 } : m,
          );
          return;
        case "isOnline":
          updateContact(client, event.data.id, (c) => ({
            ...c,
            is_online: event.data.is_online,
          }));
          return;
        case "offline": {
          const { config } = useSessionStore.getState();
          const mine = useConnectionStore.getState().clientId;
          if (
            config?.sysInfo.multipleLogin === "1" ||
            event.data.id !== me ||
            event.data.client_id === mine
          )
            return;
          realtime.stop();
          useSessionStore.getState().signOut();
          toast("error", t("forcedOffline"));
          void navigate("/login", { replace: true });
          return;
        }
      }
    });
    const offReconnect = realtime.onReconnect(() => {
      void client.invalidateQueries({ queryKey: contactsKey });
      const open = useChatUiStore.getState().openContactId;
      if (open !== null)
        void client.invalidateQueries({ queryKey: messagesKey(open) });
    });
    realtime.start({ token, userId: me });
    return () => {
      offEvent();
      offReconnect();
      realtime.stop();
    };
  }, [client, navigate, t, token, user]);
}
