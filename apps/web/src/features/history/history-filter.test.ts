import { describe, expect, it } from "vitest";
import {
  clampPage,
  FIRST_FILTER,
  HISTORY_PAGE_SIZE,
  showsPager,
  withKeywords,
  withPage,
  withType,
} from "./history-filter";
import { highlightParts } from "./highlight";

/* SPEC §4 "Search panel" and §9 (20 a page): what a tab, a search and the pager do. */
describe("the history filter", () => {
  it("starts on every message, page 1, 20 a page", () => {
    expect(FIRST_FILTER).toEqual({ type: "all", keywords: "", page: 1 });
    expect(HISTORY_PAGE_SIZE).toBe(20);
  });

  it("goes back to page 1 on another tab, keeping the words", () => {
    const on3 = { type: "all" as const, keywords: "noon", page: 3 };
    expect(withType(on3, "image")).toEqual({
      type: "image",
      keywords: "noon",
      page: 1,
    });
    expect(withType(on3, "all")).toEqual({ ...on3, page: 1 });
  });

  it("searches trimmed words from page 1, at most 255 characters", () => {
    const on2 = { type: "text" as const, keywords: "", page: 2 };
    expect(withKeywords(on2, "  lunch  ")).toEqual({
      type: "text",
      keywords: "lunch",
      page: 1,
    });
    expect(withKeywords(on2, "x".repeat(300)).keywords).toHaveLength(255);
  });

  it("moves the page", () => {
    expect(withPage(FIRST_FILTER, 4).page).toBe(4);
    expect(withPage(FIRST_FILTER, 1)).toBe(FIRST_FILTER);
  });

  it("hides the pager up to 20 messages and shows it from 21", () => {
    expect(showsPager(0)).toBe(false);
    expect(showsPager(20)).toBe(false);
    expect(showsPager(21)).toBe(true);
  });

  it("turns a page past the end into the last page", () => {
    const on3 = { ...FIRST_FILTER, page: 3 };
    expect(clampPage(on3, 41)).toBe(on3);
    expect(clampPage(on3, 40).page).toBe(2);
    expect(clampPage(on3, 0).page).toBe(1);
  });
});

describe("marking the searched words", () => {
  it("splits text around every match, ignoring case", () => {
    expect(highlightParts("Noon? noon!", "noon")).toEqual([
      { text: "Noon", match: true },
      { text: "? ", match: false },
      { text: "noon", match: true },
      { text: "!", match: false },
    ]);
  });

  it("takes the words literally, not as a pattern", () => {
    expect(highlightParts("a.b axb (c)", "a.b")).toEqual([
      { text: "a.b", match: true },
      { text: " axb (c)", match: false },
    ]);
    expect(highlightParts("(c)", "(")).toEqual([
      { text: "(", match: true },
      { text: "c)", match: false },
    ]);
  });

  it("marks nothing without words, and nothing in empty text", () => {
    expect(highlightParts("hello", "  ")).toEqual([
      { text: "hello", match: false },
    ]);
    expect(highlightParts("", "x")).toEqual([]);
  });

  it("marks Chinese text too", () => {
    expect(highlightParts("明天中午吃饭", "中午")).toEqual([
      { text: "明天", match: false },
      { text: "中午", match: true },
      { text: "吃饭", match: false },
    ]);
  });
});
