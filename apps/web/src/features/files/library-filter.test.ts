import { describe, expect, it } from "vitest";
import {
  clampPage,
  FIRST_FILTER,
  withCategory,
  withKeywords,
  withPaging,
} from "./library-filter";

describe("the file library's filter (SPEC §2, §9)", () => {
  const onPage3 = { ...FIRST_FILTER, page: 3 };

  it("starts at page 1 of 20, every category, no search", () => {
    expect(FIRST_FILTER).toEqual({ page: 1, limit: 20, cate: 0, keywords: "" });
  });

  it("goes back to page 1 for another category or search", () => {
    expect(withCategory(onPage3, 2)).toEqual({ ...onPage3, cate: 2, page: 1 });
    expect(withKeywords(onPage3, "  报告 ")).toEqual({
      ...onPage3,
      keywords: "报告",
      page: 1,
    });
  });

  it("cuts a search at the 50 characters the call takes", () => {
    expect(withKeywords(FIRST_FILTER, "x".repeat(51)).keywords).toHaveLength(
      50,
    );
  });

  it("keeps the first file on screen when the page size changes, and ignores a foreign size", () => {
    expect(withPaging(onPage3, 3, 50)).toEqual({
      ...onPage3,
      page: 1,
      limit: 50,
    });
    expect(withPaging({ ...FIRST_FILTER, page: 6 }, 6, 50)).toEqual({
      ...FIRST_FILTER,
      page: 3,
      limit: 50,
    });
    expect(withPaging(onPage3, 1, 30)).toBe(onPage3);
    expect(withPaging(onPage3, 4, 20)).toEqual({ ...onPage3, page: 4 });
  });

  it("shows the last page when the files shrank under the page shown", () => {
    expect(clampPage(onPage3, 41)).toBe(onPage3);
    expect(clampPage(onPage3, 40)).toEqual({ ...onPage3, page: 2 });
    expect(clampPage(onPage3, 0)).toEqual({ ...onPage3, page: 1 });
  });
});
