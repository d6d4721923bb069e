import { USER_ORDER_FIELDS } from "@parley/protocol";
import type { UserListParams } from "../../users.queries";
import {
  directionOf,
  nextDirection,
  type SortDirection,
  withKeywords,
  withPage,
  withSort as withSortOf,
} from "../table-params";

export {
  directionOf,
  nextDirection,
  type SortDirection,
  withKeywords,
  withPage,
};

/** A field the list sorts by (`order_field`). */
export type OrderField = (typeof USER_ORDER_FIELDS)[number];

/** The list as it first shows: page 1 of 20, in the server's order (newest id first). */
export const FIRST_PAGE: UserListParams = {
  page: 1,
  limit: 20,
  keywords: "",
};

/** Sorted by one of the user list's fields in `direction`, from page 1. */
export function withSort(
  params: UserListParams,
  field: unknown,
  direction: SortDirection | undefined,
): UserListParams {
  return withSortOf(params, USER_ORDER_FIELDS, field, direction);
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
