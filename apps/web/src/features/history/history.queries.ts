import {
  type ContactId,
  type Message,
  messages as messageCalls,
} from "@parley/protocol";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../api/http";
import { HISTORY_PAGE_SIZE, type HistoryFilter } from "./history-filter";

/** Everything the history panel caches: a withdrawal or a cleared chat drops it all. */
export const historyKey = ["history"] as const;

/** One page of a chat's history and how many messages match in all. */
export interface HistoryPage {
  /** The tab it was asked for: a page of another tab is never drawn as this one. */
  type: HistoryFilter["type"];
  messages: Message[];
  total: number;
}

/** The history of one chat, a page at a time (the cache key of `useHistoryQuery`). */
export function historyQueryKey(contactId: ContactId, filter: HistoryFilter) {
  return [
    ...historyKey,
    contactId,
    filter.type,
    filter.keywords,
    filter.page,
  ] as const;
}

/** Asks `getMessageList` with a type: newest first, `count` the total (wire-contract §2.4). */
export async function fetchHistory(
  contactId: ContactId,
  filter: HistoryFilter,
): Promise<HistoryPage> {
  const answer = await call(messageCalls.getMessageList, {
    toContactId: contactId,
    is_group: typeof contactId === "string" ? 1 : 0,
    type: filter.type,
    keywords: filter.keywords,
    page: filter.page,
    limit: HISTORY_PAGE_SIZE,
  });
  // The server lists no withdrawn message (an event line) in a search; kept out regardless.
  return {
    type: filter.type,
    messages: answer.data.filter((m) => m.type !== "event"),
    total: answer.count,
  };
}

/**
 * A page of a chat's history (SPEC §2 Chat history search panel). Another tab, page or
 * search keeps the old page on screen until the new one comes, so nothing flashes.
 */
export function useHistoryQuery(
  contactId: ContactId | null,
  filter: HistoryFilter,
  enabled: boolean,
) {
  return useQuery({
    queryKey:
      contactId === null
        ? [...historyKey, null]
        : historyQueryKey(contactId, filter),
    queryFn: () => {
      if (contactId === null) throw new Error("no chat");
      return fetchHistory(contactId, filter);
    },
    enabled: enabled && contactId !== null,
    placeholderData: keepPreviousData,
  });
}
