import { CONSOLE_PAGE_SIZES } from "@parley/protocol";

/*
 * What a console table asks the server for — page, size, words, sort — and how each
 * click changes it. One set of rules for every table (users, groups), each naming its
 * own sortable fields.
 */

/** A console table's request: the server pages, searches and sorts. */
export interface TableParams<F extends string> {
  page: number;
  limit: (typeof CONSOLE_PAGE_SIZES)[number];
  keywords: string;
  order_field?: F | undefined;
  /** 1 ascending, 2 descending. */
  order_type?: 1 | 2 | undefined;
}

/** Ascending, descending, or not sorted by this field (antd's words). */
export type SortDirection = "ascend" | "descend" | null;

/** The next direction on a click, in antd's order: ascending, descending, none. */
export function nextDirection(direction: SortDirection): SortDirection {
  if (direction === null) return "ascend";
  return direction === "ascend" ? "descend" : null;
}

/** How the table is sorted by `field` now. */
export function directionOf<F extends string>(
  params: TableParams<F>,
  field: F,
): SortDirection {
  if (params.order_field !== field) return null;
  return params.order_type === 2 ? "descend" : "ascend";
}

/**
 * Sorted by `field` in `direction`, from page 1; a field the table does not sort by (or
 * no direction) goes back to the server's order.
 */
export function withSort<F extends string, P extends TableParams<F>>(
  params: P,
  fields: readonly F[],
  field: unknown,
  direction: SortDirection | undefined,
): P {
  const known = fields.find((f) => f === field);
  if (!direction || known === undefined)
    return {
      ...params,
      page: 1,
      order_field: undefined,
      order_type: undefined,
    };
  return {
    ...params,
    page: 1,
    order_field: known,
    order_type: direction === "ascend" ? 1 : 2,
  };
}

/** Another page, or another page size (which starts again at page 1). */
export function withPage<P extends TableParams<string>>(
  params: P,
  page: number,
  pageSize: number,
): P {
  const limit = CONSOLE_PAGE_SIZES.find((size) => size === pageSize);
  if (limit !== undefined && limit !== params.limit)
    return { ...params, limit, page: 1 };
  return page === params.page ? params : { ...params, page };
}

/** A new search, from page 1; the same words keep the table as it is. */
export function withKeywords<P extends TableParams<string>>(
  params: P,
  keywords: string,
): P {
  return params.keywords === keywords
    ? params
    : { ...params, keywords, page: 1 };
}
