import { type Argument } from "../../db/compiled-once.js";
import type { RawBuilder } from "kysely";
import type { Db } from "../../db/database.js";

/*
 * The history panel's search has one engine per database, both behind `SearchEngine`:
 * SQLite's FTS5 tables (search-sqlite.ts) and PostgreSQL's pg_trgm indexes
 * (search-postgres.ts). search.repository.ts picks one and pages its hits.
 */

/**
 * How many matches the history panel counts. Past it `count` says this many and the pager
 * offers its 50 pages of 20, the newest matches: more than anyone pages through, while each
 * request reads at most this many index entries (about a millisecond on SQLite), whatever
 * the conversation's size.
 */
export const SEARCH_CAP = 1000;

/**
 * The matches of a search as a query's shape and its arguments. The shape (which index,
 * which columns, whether the reader hides anything, which types) is named by `key` and
 * built by `build` from stand-ins for `args` (db/compiled-once.ts), so each shape is built
 * and compiled once per process, then run with each search's values (issue 14: building
 * and compiling the page's query with Kysely was an eighth of a search request). `build`
 * must give the query the same shape for the same key.
 */
export interface Hits {
  key: string;
  args: Argument[];
  build: (db: Db, slots: readonly never[]) => RawBuilder<{ seq: number }>;
}

/** Which messages a search may find. */
export interface HitFilter {
  conversationId: string;
  /** Only messages after this seq (a group member's join with history off); 0 for all. */
  afterSeq: number;
  reader: number | undefined;
}

/** Where the words may be: in a text's body, in a file's name. */
export interface SearchPlaces {
  body: boolean;
  name: boolean;
}

/** One database's way to find a conversation's messages by their words. */
export interface SearchEngine {
  /** The matches as a query's shape, or null when nothing can match. */
  hits(
    db: Db,
    filter: HitFilter,
    words: string,
    where: SearchPlaces,
  ): Promise<Hits | null>;
}

/**
 * A text's characters as SQLite counts them (length, substr) and as the tokenizers split
 * them: code points, not graphemes, so an emoji with a modifier is two.
 */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
