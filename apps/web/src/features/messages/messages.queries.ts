import {
  type ContactId,
  type Reaction,
  Limits,
  type Message,
  messages,
  NOTICE_CONTACT_ID,
} from "@parley/protocol";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { newerCopy } from "./message-merge";
import { writeLive } from "../../api/live-write";
import { refetchContacts, updateContact } from "../contacts";
import {
  onlyInThread,
  putReply,
  updateThreadMessages,
} from "./threads.queries";

/** Whether a chat id is a group's (`group-N`) rather than a user's. */
export function isGroupChat(contactId: ContactId): boolean {
  return typeof contactId === "string";
}

/** `is_group` of a chat as the wire writes it: 0 a user, 1 a group, 2 the notices entry. */
function chatKind(contactId: ContactId | null): number {
  if (contactId === NOTICE_CONTACT_ID) return 2;
  return contactId !== null && isGroupChat(contactId) ? 1 : 0;
}

export const messagesKey = (contactId: ContactId) =>
  ["messages", contactId] as const;

/** Which page to read: the messages before `lastId` (0: the newest), at most `limit`. */
export interface PageParam {
  lastId: number;
  limit: number;
}

/** Pages of one chat: pages[0] is the newest, each page oldest first. */
export type MessagePages = InfiniteData<Message[], PageParam>;

/** The most a page may ask for (the call's own limit). */
const MAX_PAGE = 100;

/**
 * How many messages the next page asks for: enough to reach the oldest unread message (plus
 * one before it for context) while catching up, else SPEC's page size.
 */
export function pageLimit(missingUnread: number): number {
  return missingUnread > 0
    ? Math.min(MAX_PAGE, Math.max(Limits.messagePageSize, missingUnread + 1))
    : Limits.messagePageSize;
}

/**
 * A chat's history, newest page first; older pages by `last_id` (the oldest held).
 * `missingUnread` says how many unread messages the loaded pages lack, so the pages that
 * catch up are large.
 */
export function useMessagesQuery(
  contactId: ContactId | null,
  missingUnread: (pages: readonly Message[][]) => number = () => 0,
) {
  return useInfiniteQuery({
    queryKey: messagesKey(contactId ?? 0),
    enabled: contactId !== null,
    initialPageParam: { lastId: 0, limit: pageLimit(missingUnread([])) },
    queryFn: async ({ pageParam }) =>
      (
        await call(messages.getMessageList, {
          toContactId: contactId ?? 0,
          is_group: chatKind(contactId),
          limit: pageParam.limit,
          last_id: pageParam.lastId,
          // Replies in threads live in their threads; roots carry a summary of them.
          threads: 1,
        })
      ).data,
    getNextPageParam: (lastPage, pages, lastParam): PageParam | undefined => {
      const oldest = lastPage[0];
      if (lastPage.length < lastParam.limit || oldest === undefined)
        return undefined;
      return { lastId: oldest.msg_id, limit: pageLimit(missingUnread(pages)) };
    },
  });
}

/** How many read marks are kept for messages not in a chat's cache yet. */
const READ_AHEAD_MAX = 500;
/**
 * The client ids of my messages read before their stored copy reached the cache: the
 * peer's `isRead` can come while the send still waits for its answer (it had the message
 * from its socket first). Oldest forgotten first.
 */
const readAhead = new Set<string>();

/** Remembers that my message (by its client id) was read, for a copy that comes later. */
export function rememberRead(clientId: string): void {
  readAhead.add(clientId);
  if (readAhead.size > READ_AHEAD_MAX) {
    const oldest = readAhead.values().next();
    if (!oldest.done) readAhead.delete(oldest.value);
  }
}

/** Puts a stored message into its chat's cache, once, keeping order. */
export function upsertMessage(
  client: QueryClient,
  contactId: ContactId,
  stored: Message,
): void {
  const message =
    stored.is_read === 0 && readAhead.has(stored.id)
      ? { ...stored, is_read: 1 }
      : stored;
  if (message.thread_id !== "") {
    const onRoot = putReply(client, contactId, message);
    if (onRoot) updateMessages(client, contactId, onRoot);
    if (onlyInThread(message)) return;
  }
  writeLive<MessagePages>(client, messagesKey(contactId), (data) => {
    if (!data) return data;
    if (
      data.pages.some((page) =>
        page.some(
          (m) => m.id === message.id && m.from_user === message.from_user,
        ),
      )
    ) {
      return {
        ...data,
        pages: data.pages.map((page) =>
          page.map((m) =>
            m.id === message.id && m.from_user === message.from_user
              ? newerCopy(m, message)
              : m,
          ),
        ),
      };
    }
    const [newest = [], ...older] = data.pages;
    const merged = [...newest, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [merged, ...older] };
  });
}

/** My message as the server stored it: into its chat, and as the chat's last line. */
export function storeSent(
  client: QueryClient,
  contactId: ContactId,
  message: Message,
): void {
  upsertMessage(client, contactId, message);
  updateContact(client, contactId, (c) => ({
    ...c,
    lastContent: message.content,
    lastSendTime: message.sendTime,
    type: message.type,
  }));
}

/** A chat read afresh (its list and its row): a call's record changed as the call went. */
export function refreshChat(client: QueryClient, contactId: ContactId): void {
  void client.invalidateQueries({ queryKey: messagesKey(contactId) });
  void refetchContacts(client);
}

/** Applies a change to every loaded message of a chat. */
export function updateMessages(
  client: QueryClient,
  contactId: ContactId,
  change: (m: Message) => Message,
): void {
  writeLive<MessagePages>(client, messagesKey(contactId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map(change)) }
      : data,
  );
  updateThreadMessages(client, contactId, change);
}

/** Marks a chat read on the server (the other side sees the read mark). */
export async function markRead(contactId: ContactId): Promise<void> {
  await call(
    messages.setMsgIsRead,
    typeof contactId === "number"
      ? { toContactId: contactId, is_group: 0, fromUser: contactId }
      : { toContactId: contactId, is_group: 1 },
    { silent: true },
  );
}

/** Keeps a chat's draft on the server; a failure only means another device misses it. */
export function syncDraft(contactId: ContactId, draft: string): void {
  void call(
    messages.setDraft,
    { toContactId: contactId, draft },
    { silent: true },
  ).catch(() => undefined);
}

/**
 * A message's reactions as the server now has them (the answer to my react, or the
 * `reaction` event), on the message wherever a chat holds it.
 */
export function setReactions(
  client: QueryClient,
  contactId: ContactId,
  clientId: string,
  reactions: Reaction[],
): void {
  updateMessages(client, contactId, (m) =>
    m.id === clientId ? { ...m, reactions } : m,
  );
}

/**
 * Adds or takes away my reaction with an emoji (extensions.md §1); the answer's reactions
 * replace the message's at once, before the event comes.
 */
export async function toggleReaction(
  client: QueryClient,
  contactId: ContactId,
  clientId: string,
  emoji: string,
  on: boolean,
): Promise<void> {
  const answer = await call(on ? messages.react : messages.unreact, {
    id: clientId,
    emoji,
  });
  setReactions(client, contactId, clientId, answer.data);
}

/** A message's shown fields as they changed (an edit, a moderator's mask, a preview). */
export interface MessageChange {
  id: string;
  type: string;
  content: string;
  editTime?: number | undefined;
  extends?: Record<string, unknown> | undefined;
}

/**
 * A change to a message wherever a chat holds it (the `updateMessage` event, the answer to
 * my edit): merged by its client id, never over a later edit; when it is the chat's newest
 * message, the chat list's last line says it too.
 */
export function applyMessageChange(
  client: QueryClient,
  contactId: ContactId,
  change: MessageChange,
): void {
  const newest =
    client.getQueryData<MessagePages>(messagesKey(contactId))?.pages[0]?.at(-1)
      ?.id === change.id;
  updateMessages(client, contactId, (m) => {
    if (m.id !== change.id) return m;
    const editTime = change.editTime ?? m.editTime;
    if (editTime < m.editTime) return m;
    return {
      ...m,
      type: change.type,
      content: change.content,
      editTime,
      // A change's `extends` is the message's whole (a dismissed preview is gone).
      ...(change.extends ? { extends: change.extends } : {}),
    };
  });
  if (newest)
    updateContact(client, contactId, (c) => ({
      ...c,
      lastContent: change.content,
    }));
}

/**
 * Edits my message (extensions.md §2): the answer replaces it at once, before the event
 * comes; a refusal is said by the call and changes nothing.
 */
export async function editMessage(
  client: QueryClient,
  contactId: ContactId,
  clientId: string,
  content: string,
  at: readonly string[],
): Promise<void> {
  const answer = await call(messages.editMessage, {
    id: clientId,
    content,
    ...(at.length > 0 ? { at: [...at] } : {}),
  });
  applyMessageChange(client, contactId, answer.data);
}

/** A message's earlier versions, read when its "(edited)" mark is opened. */
export function useMessageEditsQuery(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["messageEdits", clientId],
    queryFn: async () =>
      (await call(messages.messageEdits, { id: clientId })).data,
    enabled,
    staleTime: 0,
  });
}

/** Takes my message's link preview away for everyone (the event follows for my other devices). */
export async function dismissLinkPreview(
  client: QueryClient,
  contactId: ContactId,
  clientId: string,
): Promise<void> {
  await call(messages.dismissLinkPreview, { id: clientId });
  updateMessages(client, contactId, (m) => {
    if (m.id !== clientId) return m;
    const rest = { ...m.extends };
    delete rest.linkPreview;
    return { ...m, extends: rest };
  });
}
