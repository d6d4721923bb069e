import { favourites } from "@parley/protocol";

/** My favourites come 20 a page. */
export const FAVOURITE_PAGE_SIZE = favourites.FAVOURITE_PAGE_SIZE;

/** The pager shows only when the favourites fill more than one page. */
export function showsPager(total: number): boolean {
  return total > FAVOURITE_PAGE_SIZE;
}

/** The page to show once favourites went away: the last there is, if `page` is past it. */
export function clampPage(page: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / FAVOURITE_PAGE_SIZE));
  return Math.min(page, last);
}
