import { Limits } from "@parley/protocol";

/** The tabs of the history panel, as `getMessageList` takes them (SPEC §4 Search panel). */
export const HISTORY_TYPES = ["all", "text", "image", "video", "file"] as const;
/** One tab of the history panel. */
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** SPEC §9: the history search shows 20 messages a page. */
export const HISTORY_PAGE_SIZE = Limits.historyPageSize;

/** `getMessageList` refuses a longer search. */
export const KEYWORDS_MAX = 255;

/** What the panel shows: one page of one tab, narrowed by words. */
export interface HistoryFilter {
  type: HistoryType;
  /** The words to match, trimmed; "" for everything. */
  keywords: string;
  page: number;
}

/** The panel opens on every message, newest first, no search. */
export const FIRST_FILTER: HistoryFilter = {
  type: "all",
  keywords: "",
  page: 1,
};

/** Another tab (SPEC §4): its first page, the words kept. */
export function withType(
  filter: HistoryFilter,
  type: HistoryType,
): HistoryFilter {
  return { ...filter, type, page: 1 };
}

/** A search (the button or Enter; an emptied box searches for everything): its first page. */
export function withKeywords(
  filter: HistoryFilter,
  typed: string,
): HistoryFilter {
  return { ...filter, keywords: typed.trim().slice(0, KEYWORDS_MAX), page: 1 };
}

/** The pager moved (SPEC §4). */
export function withPage(filter: HistoryFilter, page: number): HistoryFilter {
  return page === filter.page ? filter : { ...filter, page };
}

/** SPEC §4: the pager is hidden when everything fits on one page. */
export function showsPager(total: number): boolean {
  return total > HISTORY_PAGE_SIZE;
}

/**
 * Messages went away (withdrawn, deleted, a chat cleared): a page past the end becomes
 * the last page there is. The same filter when nothing needs to change.
 */
export function clampPage(filter: HistoryFilter, total: number): HistoryFilter {
  const last = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return filter.page > last ? { ...filter, page: last } : filter;
}
