import {
  type ContactId,
  search as searchCalls,
  type SearchResult,
  type SearchType,
} from "@parley/protocol";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "../../api/http";

/*
 * The global search (issue 45, docs/EXTENSIONS.md "Search"): `enterprise/im/search` a page
 * at a time, older pages by the answer's cursor. Fetched with the search box.
 */

/** What narrows a search besides its words. */
export interface SearchFilters {
  type?: SearchType | undefined;
  from?: number | undefined;
  in?: ContactId | undefined;
  /** Sent at or after (ms). */
  after?: number | undefined;
}

/** How long typing rests before the server is asked. */
export const SEARCH_DELAY_MS = 250;

/** Found messages a page asks for. */
const PAGE = 20;

/** Whether a search asks anything: words, or a filter alone. */
export function asksAnything(
  keywords: string,
  filters: SearchFilters,
): boolean {
  return (
    keywords !== "" ||
    filters.type !== undefined ||
    filters.from !== undefined ||
    filters.in !== undefined ||
    filters.after !== undefined
  );
}

export const searchKey = (keywords: string, filters: SearchFilters) =>
  ["search", keywords, filters] as const;

/** The search's pages: messages newest first, the first page with people and groups. */
export function useGlobalSearch(keywords: string, filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: searchKey(keywords, filters),
    enabled: asksAnything(keywords, filters),
    initialPageParam: "",
    staleTime: 30_000,
    queryFn: async ({ pageParam }): Promise<SearchResult> =>
      (
        await call(searchCalls.search, {
          ...(keywords ? { keywords } : {}),
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.from === undefined ? {} : { from: filters.from }),
          ...(filters.in === undefined ? {} : { in: filters.in }),
          ...(filters.after === undefined ? {} : { after: filters.after }),
          ...(pageParam ? { cursor: pageParam } : {}),
          limit: PAGE,
        })
      ).data,
    getNextPageParam: (last): string | undefined => last.cursor || undefined,
  });
}

/** `value`, once it has rested for `delay` ms. */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
