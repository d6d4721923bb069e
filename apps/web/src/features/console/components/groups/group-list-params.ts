import { GROUP_ORDER_FIELDS } from "@parley/protocol";
import type { GroupListParams } from "../../chats.queries";
import {
  directionOf,
  type SortDirection,
  withKeywords,
  withPage,
  withSort as withSortOf,
} from "../table-params";

export { directionOf, type SortDirection, withKeywords, withPage };

/** A field the group list sorts by (`order_field`). */
export type GroupOrderField = (typeof GROUP_ORDER_FIELDS)[number];

/** The list as it first shows: page 1 of 20, in the server's order. */
export const FIRST_GROUP_PAGE: GroupListParams = {
  page: 1,
  limit: 20,
  keywords: "",
};

/** Sorted by one of the group list's fields in `direction`, from page 1. */
export function withSort(
  params: GroupListParams,
  field: unknown,
  direction: SortDirection | undefined,
): GroupListParams {
  return withSortOf(params, GROUP_ORDER_FIELDS, field, direction);
}
