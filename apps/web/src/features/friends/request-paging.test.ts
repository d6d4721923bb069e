import { FRIEND_PAGE_SIZES } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import {
  clampPaging,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  isPageSize,
  lastPage,
  movePaging,
} from "./request-paging";

describe("the request list's pages (SPEC §9: 20, 50, 100, 200, 300, 400, 500; 20 first)", () => {
  it("starts on page 1 of 20", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(FIRST_PAGE).toEqual({ page: 1, limit: 20 });
    expect(FRIEND_PAGE_SIZES).toEqual([20, 50, 100, 200, 300, 400, 500]);
  });

  it("takes SPEC's sizes only", () => {
    for (const size of FRIEND_PAGE_SIZES) expect(isPageSize(size)).toBe(true);
    for (const size of [0, 10, 25, 1000]) expect(isPageSize(size)).toBe(false);
    expect(movePaging({ page: 2, limit: 20 }, 1, 25)).toEqual({
      page: 2,
      limit: 20,
    });
  });

  it("turns pages", () => {
    expect(movePaging(FIRST_PAGE, 3, 20)).toEqual({ page: 3, limit: 20 });
  });

  it("keeps the first row on screen when the size changes", () => {
    // Rows 41–60 shown; at 50 a page, row 41 is on page 1.
    expect(movePaging({ page: 3, limit: 20 }, 3, 50)).toEqual({
      page: 1,
      limit: 50,
    });
    // Rows 101–150; at 20 a page, row 101 is on page 6.
    expect(movePaging({ page: 3, limit: 50 }, 3, 20)).toEqual({
      page: 6,
      limit: 20,
    });
  });

  it("counts pages, with one page for none", () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
  });

  it("falls back to the last page when rows went away", () => {
    expect(clampPaging({ page: 4, limit: 20 }, 41)).toEqual({
      page: 3,
      limit: 20,
    });
    const fine = { page: 2, limit: 20 } as const;
    expect(clampPaging(fine, 41)).toBe(fine);
    expect(clampPaging({ page: 2, limit: 20 }, 0)).toEqual({
      page: 1,
      limit: 20,
    });
  });
});
