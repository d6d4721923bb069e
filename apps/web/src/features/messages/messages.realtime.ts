import {
  type Contact,
  type ContactId,
  isSystemNotice,
  type Message,
  namesMe,
  NOTICE_CONTACT_ID,
  SELF_CHAT_ID,
} from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeHandlers } from "../../api/socket";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import {
  cachedContacts,
  refetchContacts,
  renamed,
  updateContact,
} from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { applyGone, applyWithdrawn } from "./message-actions";
import {
  markRead,
  type MessagePages,
  messagesKey,
  rememberRead,
  setReactions,
  updateMessages,
  applyMessageChange,
  upsertMessage,
} from "./messages.queries";
import { flushOutbox } from "./outbox";
import { useEphemeralStore } from "./ephemeral.store";
import {
  applyThreadUnread,
  readThread,
  setFollowing,
  summaryChange,
} from "./threads.queries";

/**
 * The chat a pushed message belongs to, from my side (wire-contract.md §3.6): `group-N` for a
 * group's; for a 1:1 message the other party; -1 for a note to myself.
 */
export function chatOf(message: Message, me: number): ContactId | null {
  if (message.toContactId === NOTICE_CONTACT_ID) return NOTICE_CONTACT_ID;
  // A note to myself, from another device of mine.
  if (message.toContactId === SELF_CHAT_ID) return SELF_CHAT_ID;
  if (typeof message.toContactId === "string")
    return /^group-\d+$/.test(message.toContactId) ? message.toContactId : null;
  const raw = message.toContactId === me ? message.toUser : message.toContactId;
  const id = typeof raw === "number" ? raw : Number(raw);
  return Number.isInteger(id) && id > 0 && id !== me ? id : null;
}

/** The chat an event names (a user, the chat with myself, `group-N`); null for another. */
function eventChat(toContactId: number | string): ContactId | null {
  if (typeof toContactId === "number") return toContactId;
  return /^group-\d+$/.test(toContactId) ? toContactId : null;
}

function closeIfOpen(chat: ContactId): void {
  const ui = useChatUiStore.getState();
  if (ui.openContactId === chat) ui.open(null);
}

function onMessage(client: QueryClient, message: Message, me: number): void {
  const contactId = chatOf(message, me);
  if (contactId === null) return;
  upsertMessage(client, contactId, message);
  const open =
    useChatUiStore.getState().openContactId === contactId &&
    document.visibilityState === "visible";
  const fromOther = message.from_user !== me;
  // A group message naming me (or everyone) raises the at-me count of a chat not open (SPEC §4).
  const atMe =
    fromOther && !open && message.is_group === 1 && namesMe(message.at, me);
  const known = updateContact(client, contactId, (c: Contact) => ({
    ...c,
    // A notice's entry shows its title (its content is the old clients' HTML).
    lastContent:
      contactId === NOTICE_CONTACT_ID &&
      typeof message.extends.title === "string"
        ? message.extends.title
        : message.content,
    lastSendTime: message.sendTime,
    type: message.type,
    lastEvent:
      message.type === "event" || message.extends.event === "notice"
        ? message.extends
        : undefined,
    unread: fromOther && !open ? c.unread + 1 : c.unread,
    is_at: atMe ? c.is_at + 1 : c.is_at,
  }));
  if (!known) void refetchContacts(client);
  // A new message in the open chat is read at once (SPEC §4).
  if (fromOther && open) void markRead(contactId).catch(() => undefined);
}

/**
 * Keeps the chats' caches in step with the socket: new messages, read marks; once bound
 * (after a reconnect, and the first time), the open chat afresh.
 */
export const messagesRealtime: RealtimeHandlers = {
  events: {
    // Someone's new name or picture (issue 51 item 14): on their messages already shown.
    updateUser: (data, ctx) => {
      ctx.client.setQueriesData<MessagePages>(
        { queryKey: ["messages"] },
        (pages) =>
          pages && {
            ...pages,
            pages: pages.pages.map((page) =>
              page.some((m) => m.from_user === data.user_id)
                ? page.map((m) =>
                    m.from_user === data.user_id
                      ? { ...m, fromUser: renamed(m.fromUser, data) }
                      : m,
                  )
                : page,
            ),
          },
      );
    },
    simple: (message, ctx) => {
      // The system entry's lines (friend requests) belong to the friends feature.
      if (isSystemNotice(message)) return;
      onMessage(ctx.client, message, ctx.me);
    },
    group: (message, ctx) => {
      onMessage(ctx.client, message, ctx.me);
    },
    // Out of a group (removed, or it was disbanded): its chat closes if it was open.
    // Disbanded (`disbanded: 1`, issue 51): the chat stays, read only; whoever has it open
    // is told.
    removeGroup: (data, ctx) => {
      if (data.disbanded !== 1) {
        closeIfOpen(data.group_id);
        return;
      }
      if (useChatUiStore.getState().openContactId !== data.group_id) return;
      const name =
        cachedContacts(ctx.client)?.find((c) => c.id === data.group_id)
          ?.displayName ?? "";
      toast("info", i18n.t("messages:disbanded.toast", { name }));
    },
    removeUser: (data, ctx) => {
      if (data.user_id === ctx.me) closeIfOpen(data.group_id);
    },
    clearMessage: (data, ctx) => {
      void ctx.client.invalidateQueries({
        queryKey: messagesKey(data.group_id),
      });
    },
    // A member read up to a point: the receipts I may see count them (issue 8). My own
    // message may be here before my send's answer, which brings its count: it starts at 1.
    groupRead: (data, ctx) => {
      updateMessages(ctx.client, data.group_id, (m) => {
        if (
          m.from_user === data.user_id ||
          m.seq <= data.from_seq ||
          m.seq > data.to_seq
        )
          return m;
        if (m.readCount !== undefined)
          return {
            ...m,
            readCount: Math.min(m.readCount + 1, m.readTotal ?? Infinity),
          };
        return m.from_user === ctx.me ? { ...m, readCount: 1 } : m;
      });
    },
    // Withdrawn (issue 11): the event line replaces the message everywhere it is held.
    undoMessage: (line, ctx) => {
      applyWithdrawn(ctx.client, line);
    },
    // Deleted for everyone, or hidden on another of my devices.
    delMessage: (gone, ctx) => {
      applyGone(ctx.client, gone);
    },
    removeMessage: (gone, ctx) => {
      applyGone(ctx.client, gone);
    },
    // A slash command's answer for me alone (extensions.md §9): shown under the chat.
    ephemeral: (data) => {
      const chat = eventChat(data.toContactId);
      if (chat !== null) useEphemeralStore.getState().heard(chat, data.content);
    },
    // Someone's reactions changed (extensions.md §1): the message shows them all.
    reaction: (data, ctx) => {
      const chat = eventChat(data.toContactId);
      if (chat !== null)
        setReactions(ctx.client, chat, data.id, data.reactions);
    },
    // A followed thread had a reply, or I read it on another device (extensions.md §6):
    // its root's summary, the badge; a thread open before me is read at once.
    threadUpdate: (data, ctx) => {
      const chat = eventChat(data.toContactId);
      if (chat !== null) {
        updateMessages(ctx.client, chat, summaryChange(data));
        setFollowing(ctx.client, chat, data.id, true);
      }
      const shown = useChatUiStore.getState().thread;
      if (
        data.unread > 0 &&
        shown?.rootId === data.id &&
        document.visibilityState === "visible"
      ) {
        void readThread(data.id).catch(() => undefined);
        applyThreadUnread(ctx.client, { ...data, unread: 0 });
        return;
      }
      applyThreadUnread(ctx.client, data);
    },
    // A message changed (its sender edited it, an administrator masked it, its link
    // preview came) or a notice was edited: merged where it is held.
    updateMessage: (change, ctx) => {
      // A notice's words live in its `extends`: the entry reads them afresh.
      if (change.id.startsWith("notice-")) {
        void ctx.client.invalidateQueries({
          queryKey: messagesKey(NOTICE_CONTACT_ID),
        });
        void refetchContacts(ctx.client);
        return;
      }
      for (const [key] of ctx.client.getQueriesData({
        queryKey: ["messages"],
      })) {
        applyMessageChange(ctx.client, key[1] as ContactId, change);
      }
    },
    // I read a chat on one of my devices: none of them counts it unread any more.
    chatRead: (data, ctx) => {
      updateContact(ctx.client, data.toContactId, (c) => ({
        ...c,
        unread: 0,
        is_at: 0,
      }));
    },
    // What I left typed in a chat on another device: my list and that chat's editor.
    draft: (data, ctx) => {
      updateContact(ctx.client, data.toContactId, (c) => ({
        ...c,
        draft: data.draft,
      }));
      useChatUiStore.getState().saveDraft(data.toContactId, data.draft);
    },
    isRead: (marks, ctx) => {
      for (const mark of marks) {
        // Also for a copy not in the chat yet: my send's answer may still be on its way.
        rememberRead(mark.id);
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
  onBound: (ctx) => {
    // Texts typed while the connection was away go now, each chat's in order.
    flushOutbox();
    const open = useChatUiStore.getState().openContactId;
    if (open !== null)
      void ctx.client.invalidateQueries({ queryKey: messagesKey(open) });
  },
};
