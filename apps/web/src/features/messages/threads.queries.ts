import {
  type ContactId,
  type FollowedThread,
  type Message,
  threads,
  type ThreadSummary,
} from "@parley/protocol";
import {
  type InfiniteData,
  type QueryClient,
  useQuery,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { newerCopy } from "./message-merge";

/*
 * Threads (extensions.md §6, issue 44) as the web client keeps them: each opened thread's
 * root and replies, the threads I follow, and those with unread replies (the side menu's
 * badge). The chat's own pages (`getMessageList threads=1`) hold the roots with their
 * summaries; replies live here. Changes from the socket reach every place that holds the
 * message (messages.queries.ts applies them here too).
 */

/** The replies `getThread` answers at once (its most). */
export const THREAD_PAGE = 50;
/** The unread threads read for the badge and the top of the Threads view (the call's most). */
const UNREAD_MAX = 50;

export const threadKey = (contactId: ContactId, rootId: string) =>
  ["thread", contactId, rootId] as const;
const chatThreadsKey = (contactId: ContactId) => ["thread", contactId] as const;
export const followedKey = ["threads", "followed"] as const;
export const unreadThreadsKey = ["threads", "unread"] as const;

/** One answer of `getThread`: the root, replies after the cursor, whether I follow. */
export interface ThreadPage {
  root: Message;
  data: Message[];
  count: number;
  following: number;
}

/** A thread's pages, oldest replies first; each page after the last reply of the one before. */
export type ThreadPages = InfiniteData<ThreadPage, number>;

/** Applies a change to every message (root and replies) of a chat's loaded threads. */
export function updateThreadMessages(
  client: QueryClient,
  contactId: ContactId,
  change: (m: Message) => Message,
): void {
  client.setQueriesData<ThreadPages>(
    { queryKey: chatThreadsKey(contactId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          root: change(page.root),
          data: page.data.map(change),
        })),
      },
  );
}

/** Reads a chat's loaded threads again (a reply went, a root went). */
export function refreshThreads(client: QueryClient, contactId: ContactId) {
  void client.invalidateQueries({ queryKey: chatThreadsKey(contactId) });
}

/** Whether a message is a reply shown only in its thread (not also sent to the chat). */
export function onlyInThread(
  message: Pick<Message, "thread_id" | "thread_broadcast">,
): boolean {
  return message.thread_id !== "" && message.thread_broadcast !== 1;
}

/** Reply ids already counted on their root here (a push and a send's answer are one reply). */
const counted = new Set<string>();
const COUNTED_MAX = 2_000;

/**
 * A root's summary with one more reply: only for a reply this client has not counted yet
 * and newer than the summary's last (a page read after it already counts it).
 */
function withReply(root: Message, reply: Message): Message {
  const held = root.thread;
  const user_ids = held?.user_ids ?? [];
  const replier =
    user_ids.includes(reply.from_user) || user_ids.length >= 10
      ? user_ids
      : [...user_ids, reply.from_user];
  // Counted already (a page or a threadUpdate read after it): its replier may still be new.
  if (held && held.lastTime >= reply.sendTime)
    return replier === user_ids
      ? root
      : { ...root, thread: { ...held, user_ids: replier } };
  const thread: ThreadSummary = {
    count: (held?.count ?? 0) + 1,
    lastTime: reply.sendTime,
    user_ids: replier,
  };
  return { ...root, thread };
}

/**
 * A stored reply (pushed, or my send's answer): into its thread when that is loaded and
 * holds its last replies, and counted on its root wherever the root is held. Answers the
 * change to apply to the chat's messages for the root.
 */
export function putReply(
  client: QueryClient,
  contactId: ContactId,
  reply: Message,
): ((m: Message) => Message) | null {
  client.setQueryData<ThreadPages>(
    threadKey(contactId, reply.thread_id),
    (data) => {
      if (!data) return data;
      const held = data.pages.some((page) =>
        page.data.some((m) => m.id === reply.id),
      );
      if (held)
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((m) =>
              m.id === reply.id ? newerCopy(m, reply) : m,
            ),
          })),
        };
      const last = data.pages.at(-1);
      // Pages still to read come first: the reply is in them or after them.
      if (!last || last.data.length >= THREAD_PAGE) return data;
      return {
        ...data,
        pages: [
          ...data.pages.slice(0, -1),
          {
            ...last,
            data: [...last.data, reply].sort((a, b) => a.msg_id - b.msg_id),
          },
        ],
      };
    },
  );
  if (counted.has(reply.id)) return null;
  counted.add(reply.id);
  if (counted.size > COUNTED_MAX) {
    const oldest = counted.values().next();
    if (!oldest.done) counted.delete(oldest.value);
  }
  return (m) => (m.id === reply.thread_id ? withReply(m, reply) : m);
}

/** A thread's summary as the server says it now (`threadUpdate`), on its root. */
export function summaryChange(update: {
  id: string;
  count: number;
  lastTime: number;
}): (m: Message) => Message {
  return (m) =>
    m.id === update.id
      ? {
          ...m,
          thread: {
            count: update.count,
            lastTime: update.lastTime,
            user_ids: m.thread?.user_ids ?? [],
          },
        }
      : m;
}

/** The threads I follow with unread replies (the badge), and how many there are. */
export function useUnreadThreadsQuery(enabled = true) {
  return useQuery({
    queryKey: unreadThreadsKey,
    enabled,
    queryFn: async () => {
      const answer = await call(
        threads.getThreads,
        { page: 1, limit: UNREAD_MAX, unread: 1 },
        { silent: true },
      );
      return { threads: answer.data, count: answer.count };
    },
  });
}

/** The threads with unread replies the badge counts. */
export interface UnreadThreads {
  threads: FollowedThread[];
  count: number;
}

/**
 * A followed thread's unread count changed (`threadUpdate`, or I read it): the badge's
 * list follows; a thread newly unread is read afresh (its root is not known here), and
 * the Threads view's list reads again when shown.
 */
export function applyThreadUnread(
  client: QueryClient,
  update: { id: string; count: number; lastTime: number; unread: number },
): void {
  const held = client.getQueryData<UnreadThreads>(unreadThreadsKey);
  const entry = held?.threads.find((t) => t.root.id === update.id);
  if (held && update.unread === 0 && entry)
    client.setQueryData<UnreadThreads>(unreadThreadsKey, {
      threads: held.threads.filter((t) => t !== entry),
      count: Math.max(0, held.count - 1),
    });
  else if (held && update.unread > 0 && entry)
    client.setQueryData<UnreadThreads>(unreadThreadsKey, {
      count: held.count,
      threads: [
        { ...entry, ...update, root: entry.root },
        ...held.threads.filter((t) => t !== entry),
      ],
    });
  else if (update.unread > 0 || !held)
    void client.invalidateQueries({ queryKey: unreadThreadsKey });
  void client.invalidateQueries({ queryKey: followedKey });
}

/** Marks a thread read on the server (an open thread that got a reply). */
export async function readThread(rootId: string): Promise<void> {
  await call(threads.readThread, { id: rootId }, { silent: true });
}

/**
 * Whether I follow a loaded thread, as the server now has it: after my follow, my reply
 * (a replier follows), or a `threadUpdate` (only followers get one).
 */
export function setFollowing(
  client: QueryClient,
  contactId: ContactId,
  rootId: string,
  follow: boolean,
): void {
  client.setQueryData<ThreadPages>(
    threadKey(contactId, rootId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          following: follow ? 1 : 0,
        })),
      },
  );
}
