import SQLite from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { pieces as sqlPieces } from "./migrations/0008_message_search.js";
import { pieces } from "./search-index.js";

/*
 * The server makes a message's one- and two-character pieces (db/search-index.ts); the
 * triggers that remove a message from the index make them again with migration 0008's SQL
 * and tell the contentless table exactly those. They must be the same tokens for every
 * text, or a withdrawn message would leave words behind.
 */

const sqlite = new SQLite(":memory:");
afterAll(() => {
  sqlite.close();
});
const statements = {
  b: sqlite.prepare(`select ${sqlPieces("?", "b")} as grams`),
  n: sqlite.prepare(`select ${sqlPieces("?", "n")} as grams`),
};
const viaSql = (text: string, prefix: "b" | "n") =>
  (statements[prefix].get(text) as { grams: string }).grams;

/** The tokens, in any order: the table keeps no positions. */
const tokens = (grams: string) => grams.split(" ").filter(Boolean).sort();

describe("a text's pieces", () => {
  it.each([
    ["", "b"],
    ["a", "b"],
    ["会议 室", "b"],
    ["line\nbreak  two", "b"],
    [" lead and trail ", "n"],
    ["👍🏽 emoji and é (e\u0301)", "b"],
    ["\uFFFC picture", "b"],
    ["tab\there\u3000ideographic space", "b"],
    ["nul \u0000 inside", "b"],
    ["报告.pdf", "n"],
  ] as const)("%j: the same tokens as migration 0008's SQL", (text, prefix) => {
    expect(tokens(pieces(text, prefix))).toEqual(tokens(viaSql(text, prefix)));
  });

  it("are the same tokens as migration 0008's SQL for any text", () => {
    const anyChar = fc.oneof(
      fc.constantFrom(" ", "\n", "\r", "\t", "\u0000", "<", "&", "\uFFFC"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(
        fc.array(anyChar, { maxLength: 40 }).map((chars) => chars.join("")),
        fc.constantFrom("b" as const, "n" as const),
        (text, prefix) => {
          expect(tokens(pieces(text, prefix))).toEqual(
            tokens(viaSql(text, prefix)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("of no text is nothing", () => {
    expect(pieces(null, "n")).toBe("");
  });
});
