import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

/** Queries read again by `writeLive`, and whether a change came while that read ran. */
const rereading = new WeakMap<Query, { again: boolean }>();

/**
 * Applies to a cached query a change that the socket brought. A read of that query already
 * under way started before the change and answers what the server held then: landing after
 * it, it would put the old state back (a chat that just got its first message gone from
 * the list, a message gone from its chat) until the next read. So such a read is dropped
 * and the query read again; the server stored the change before it told the socket.
 * Changes that come while that second read runs wait for it to land, then one more read
 * follows: never more than one read at a time, however busy the socket.
 */
export function writeLive<T>(
  client: QueryClient,
  queryKey: QueryKey,
  change: (held: T | undefined) => T | undefined,
): void {
  client.setQueryData<T>(queryKey, change);
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus !== "fetching") return;
  const pending = rereading.get(query);
  if (pending) {
    pending.again = true;
    return;
  }
  const mark = { again: false };
  rereading.set(query, mark);
  void client.invalidateQueries({ queryKey, exact: true }).finally(() => {
    rereading.delete(query);
    if (mark.again) void client.invalidateQueries({ queryKey, exact: true });
  });
}
