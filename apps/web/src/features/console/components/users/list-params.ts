import { CONSOLE_PAGE_SIZES, USER_ORDER_FIELDS } from "@parley/protocol";
import type { UserListParams } from "../../users.queries";

/** A field the list sorts by (`order_field`). */
export type OrderField = (typeof USER_ORDER_FIELDS)[number];

/** Ascending, descending, or not sorted by this field (antd's words). */
export type SortDirection = "ascend" | "descend" | null;

/** The list as it first shows: page 1 of 20, in the server's order (newest id first). */
export const FIRST_PAGE: UserListParams = {
  page: 1,
  limit: 20,
  keywords: "",
};

/** The next direction on a click, in antd's order: ascending, descending, none. */
export function nextDirection(direction: SortDirection): SortDirection {
  if (direction === null) return "ascend";
  return direction === "ascend" ? "descend" : null;
}

/** How the list is sorted by `field` now. */
export function directionOf(
  params: UserListParams,
  field: OrderField,
): SortDirection {
  if (params.order_field !== field) return null;
  return params.order_type === 2 ? "descend" : "ascend";
}

function isOrderField(value: unknown): value is OrderField {
  return USER_ORDER_FIELDS.some((field) => field === value);
}

/** Sorted by `field` in `direction` (1 ascending, 2 descending), from page 1. */
export function withSort(
  params: UserListParams,
  field: unknown,
  direction: SortDirection | undefined,
): UserListParams {
  if (!direction || !isOrderField(field))
    return {
      ...params,
      page: 1,
      order_field: undefined,
      order_type: undefined,
    };
  return {
    ...params,
    page: 1,
    order_field: field,
    order_type: direction === "ascend" ? 1 : 2,
  };
}

/** Another page, or another page size (which starts again at page 1). */
export function withPage(
  params: UserListParams,
  page: number,
  pageSize: number,
): UserListParams {
  const limit = CONSOLE_PAGE_SIZES.find((size) => size === pageSize);
  if (limit !== undefined && limit !== params.limit)
    return { ...params, limit, page: 1 };
  return page === params.page ? params : { ...params, page };
}

/** A new search, from page 1; the same words keep the list as it is. */
export function withKeywords(
  params: UserListParams,
  keywords: string,
): UserListParams {
  return params.keywords === keywords
    ? params
    : { ...params, keywords, page: 1 };
}

/** A filter changed (undefined: any), from page 1. */
export function withFilter(
  params: UserListParams,
  filter: { status?: 0 | 1 | undefined } | { role?: 0 | 1 | 2 | undefined },
): UserListParams {
  return { ...params, ...filter, page: 1 };
}

/** Whether the list is narrowed by a search or a filter. */
export function isNarrowed(params: UserListParams): boolean {
  return (
    params.keywords !== "" ||
    params.status !== undefined ||
    params.role !== undefined
  );
}

/** Neither searched nor filtered; the sort and page size stay. */
export function cleared(params: UserListParams): UserListParams {
  return {
    ...params,
    keywords: "",
    page: 1,
    status: undefined,
    role: undefined,
  };
}
