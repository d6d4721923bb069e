import { FILE_PAGE_SIZES, FileCategories } from "@parley/protocol";

/** A page size of the file library (SPEC §9). */
export type FilePageSize = (typeof FILE_PAGE_SIZES)[number];

/** A category to filter by (SPEC §9): 0 all, 1 document, 2 image, 3 audio, 4 video, 5 other. */
export type LibraryCategory =
  (typeof FileCategories)[keyof typeof FileCategories];

/** What the library shows: one page of one category, narrowed by a name. */
export interface LibraryFilter {
  page: number;
  limit: FilePageSize;
  cate: LibraryCategory;
  /** The name to match, trimmed; "" for every file. */
  keywords: string;
}

/** SPEC §9: the library starts at 20 a page, every category, no search. */
export const FIRST_FILTER: LibraryFilter = {
  page: 1,
  limit: 20,
  cate: FileCategories.all,
  keywords: "",
};

/** `files.index` refuses a longer search. */
export const KEYWORDS_MAX = 50;

/** Whether a number is one of SPEC §9's page sizes. */
export function isFilePageSize(size: number): size is FilePageSize {
  return (FILE_PAGE_SIZES as readonly number[]).includes(size);
}

/** Another category: its first page. */
export function withCategory(
  filter: LibraryFilter,
  cate: LibraryCategory,
): LibraryFilter {
  return cate === filter.cate && filter.page === 1
    ? filter
    : { ...filter, cate, page: 1 };
}

/** A search (Enter or the button; an emptied box searches for everything): its first page. */
export function withKeywords(
  filter: LibraryFilter,
  typed: string,
): LibraryFilter {
  const keywords = typed.trim().slice(0, KEYWORDS_MAX);
  return { ...filter, keywords, page: 1 };
}

/**
 * The pager moved: to another page, or to another size, in which case the page shown is
 * the one holding the first file that was on screen. A size outside SPEC's is ignored.
 */
export function withPaging(
  filter: LibraryFilter,
  page: number,
  size: number,
): LibraryFilter {
  if (!isFilePageSize(size)) return filter;
  if (size !== filter.limit) {
    const firstRow = (filter.page - 1) * filter.limit;
    return { ...filter, page: Math.floor(firstRow / size) + 1, limit: size };
  }
  return { ...filter, page: Math.max(1, Math.floor(page)) };
}

/** Files went away (a chat was cleared): a page past the end shows the last one instead. */
export function clampPage(filter: LibraryFilter, total: number): LibraryFilter {
  const last = Math.max(1, Math.ceil(total / filter.limit));
  return filter.page > last ? { ...filter, page: last } : filter;
}
