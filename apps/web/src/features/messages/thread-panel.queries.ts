import { type ContactId, threads } from "@parley/protocol";
import { type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { call } from "../../api/http";
import {
  applyThreadUnread,
  followedKey,
  readThread,
  setFollowing,
  THREAD_PAGE,
  threadKey,
  type UnreadThreads,
  unreadThreadsKey,
} from "./threads.queries";

/*
 * The reading side of threads used by the thread panel and the Threads view only: it comes
 * with their code, not with the chat screen (F1).
 */

/** The followed threads a page of the Threads view lists. */
const FOLLOWED_PAGE = 20;

/** A thread's root and replies; reading it marks it read on the server. */
export function useThreadQuery(contactId: ContactId, rootId: string) {
  return useInfiniteQuery({
    queryKey: threadKey(contactId, rootId),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (
        await call(threads.getThread, {
          id: rootId,
          last_id: pageParam,
          limit: THREAD_PAGE,
        })
      ).data,
    getNextPageParam: (last): number | undefined => {
      const newest = last.data.at(-1);
      return last.data.length < THREAD_PAGE || newest === undefined
        ? undefined
        : newest.msg_id;
    },
    // The thread is read while open: it is not read again on focus behind the reader.
    staleTime: 30_000,
  });
}

/** The threads I follow, latest activity first, a page at a time. */
export function useFollowedThreadsQuery() {
  return useInfiniteQuery({
    queryKey: followedKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const answer = await call(threads.getThreads, {
        page: pageParam,
        limit: FOLLOWED_PAGE,
      });
      return { threads: answer.data, count: answer.count };
    },
    getNextPageParam: (last, pages, lastPage): number | undefined =>
      pages.length * FOLLOWED_PAGE < last.count ? lastPage + 1 : undefined,
  });
}

/**
 * A thread shown to me: when the badge's list says it has unread replies (they came while
 * it was kept closed), it is read on the server and the badge counts it out at once.
 */
export function markThreadShown(client: QueryClient, rootId: string): void {
  const entry = client
    .getQueryData<UnreadThreads>(unreadThreadsKey)
    ?.threads.find((t) => t.root.id === rootId);
  if (!entry || entry.unread === 0) return;
  void readThread(rootId).catch(() => undefined);
  applyThreadUnread(client, { ...entry, id: rootId, unread: 0 });
}

/** Follows or stops following a thread; its page says so at once. */
export async function followThread(
  client: QueryClient,
  contactId: ContactId,
  rootId: string,
  follow: boolean,
): Promise<void> {
  await call(threads.followThread, { id: rootId, follow: follow ? 1 : 0 });
  setFollowing(client, contactId, rootId, follow);
  void client.invalidateQueries({ queryKey: ["threads"] });
}
