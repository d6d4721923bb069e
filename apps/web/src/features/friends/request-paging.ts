import { FRIEND_PAGE_SIZES } from "@parley/protocol";

/** A page size of the request list (SPEC §9: those of the file library). */
export type FriendPageSize = (typeof FRIEND_PAGE_SIZES)[number];

/** SPEC §9: the friend list starts at 20 a page. */
export const DEFAULT_PAGE_SIZE: FriendPageSize = 20;

/** Which page of a request list is shown, and how long pages are. */
export interface RequestPaging {
  page: number;
  limit: FriendPageSize;
}

export const FIRST_PAGE: RequestPaging = { page: 1, limit: DEFAULT_PAGE_SIZE };

/** Whether a number is one of SPEC §9's page sizes. */
export function isPageSize(size: number): size is FriendPageSize {
  return (FRIEND_PAGE_SIZES as readonly number[]).includes(size);
}

/** The last page there is for `total` rows (page 1 when there are none). */
export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The pager moved: to another page, or to another page size, in which case the page shown
 * is the one holding the first row that was on screen. A size outside SPEC's is ignored.
 */
export function movePaging(
  current: RequestPaging,
  page: number,
  size: number,
): RequestPaging {
  if (!isPageSize(size)) return current;
  if (size !== current.limit) {
    const firstRow = (current.page - 1) * current.limit;
    return { page: Math.floor(firstRow / size) + 1, limit: size };
  }
  return { page: Math.max(1, Math.floor(page)), limit: size };
}

/** A page past the end (rows went away) falls back to the last one. */
export function clampPaging(
  paging: RequestPaging,
  total: number,
): RequestPaging {
  const last = lastPage(total, paging.limit);
  return paging.page > last ? { ...paging, page: last } : paging;
}
