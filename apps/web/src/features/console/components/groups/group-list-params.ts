import { CONSOLE_PAGE_SIZES, GROUP_ORDER_FIELDS } from "@parley/protocol";
import type { GroupListParams } from "../../chats.queries";

/** A field the group list sorts by (`order_field`). */
export type GroupOrderField = (typeof GROUP_ORDER_FIELDS)[number];

/** Ascending, descending, or not sorted by this field (antd's words). */
export type SortDirection = "ascend" | "descend" | null;

/** The list as it first shows: page 1 of 20, in the server's order. */
export const FIRST_GROUP_PAGE: GroupListParams = {
  page: 1,
  limit: 20,
  keywords: "",
};

function isOrderField(value: unknown): value is GroupOrderField {
  return GROUP_ORDER_FIELDS.some((field) => field === value);
}

/** How the list is sorted by `field` now. */
export function directionOf(
  params: GroupListParams,
  field: GroupOrderField,
): SortDirection {
  if (params.order_field !== field) return null;
  return params.order_type === 2 ? "descend" : "ascend";
}

/** Sorted by `field` in `direction` (1 ascending, 2 descending), from page 1. */
export function withSort(
  params: GroupListParams,
  field: unknown,
  direction: SortDirection | undefined,
): GroupListParams {
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
  params: GroupListParams,
  page: number,
  pageSize: number,
): GroupListParams {
  const limit = CONSOLE_PAGE_SIZES.find((size) => size === pageSize);
  if (limit !== undefined && limit !== params.limit)
    return { ...params, limit, page: 1 };
  return page === params.page ? params : { ...params, page };
}

/** A new search, from page 1; the same words keep the list as it is. */
export function withKeywords(
  params: GroupListParams,
  keywords: string,
): GroupListParams {
  return params.keywords === keywords
    ? params
    : { ...params, keywords, page: 1 };
}
