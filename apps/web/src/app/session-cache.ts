import type { QueryClient } from "@tanstack/react-query";
import { useSessionStore } from "../stores/session.store";

/**
 * Empties the query cache whenever the signed-in user changes: on sign-out, and when
 * another account signs in on the same page (a login link). The cache's keys do not name
 * the user, so without this the next person would see the last one's chats, contacts and
 * files until their own arrived. Answers the unsubscribe.
 */
export function clearCacheOnUserChange(client: QueryClient): () => void {
  return useSessionStore.subscribe((state, previous) => {
    const before = previous.user?.user_id ?? null;
    const now = state.user?.user_id ?? null;
    if (before !== null && before !== now) client.clear();
  });
}
