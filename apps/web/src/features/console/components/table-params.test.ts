import { describe, expect, it } from "vitest";
import {
  directionOf,
  nextDirection,
  type TableParams,
  withKeywords,
  withPage,
  withSort,
} from "./table-params";

const FIELDS = ["name", "created"] as const;
type Field = (typeof FIELDS)[number];
const START: TableParams<Field> = { page: 3, limit: 20, keywords: "ann" };

describe("a console table's request", () => {
  it("sorts by a known field from page 1, and forgets an unknown one", () => {
    const sorted = withSort(START, FIELDS, "created", "descend");
    expect(sorted).toEqual({
      ...START,
      page: 1,
      order_field: "created",
      order_type: 2,
    });
    expect(directionOf(sorted, "created")).toBe("descend");
    expect(directionOf(sorted, "name")).toBeNull();
    const unknown = withSort(sorted, FIELDS, "password_hash", "ascend");
    expect(unknown.order_field).toBeUndefined();
    expect(unknown.order_type).toBeUndefined();
    expect(withSort(sorted, FIELDS, "name", null).order_field).toBeUndefined();
  });

  it("pages, and a new page size or new words start again at page 1", () => {
    expect(withPage(START, 4, 20)).toEqual({ ...START, page: 4 });
    expect(withPage(START, 3, 20)).toBe(START);
    expect(withPage(START, 3, 50)).toEqual({ ...START, limit: 50, page: 1 });
    expect(withPage(START, 2, 7)).toEqual({ ...START, page: 2 });
    expect(withKeywords(START, "ann")).toBe(START);
    expect(withKeywords(START, "bob")).toEqual({
      ...START,
      keywords: "bob",
      page: 1,
    });
  });

  it("cycles a header's direction as antd does", () => {
    expect(nextDirection(null)).toBe("ascend");
    expect(nextDirection("ascend")).toBe("descend");
    expect(nextDirection("descend")).toBeNull();
  });
});
