import { compiledOnce } from "../../db/compiled-once.js";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { groupCommit } from "../../db/group-commit.js";
import {
  codePoints,
  type HitFilter,
  type Hits,
  SEARCH_CAP,
  type SearchEngine,
  type SearchPlaces,
} from "./search-engine.js";

/** An FTS5 phrase: the text in quotes, its own quotes doubled, so none of it is syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A conversation's number in the search index (SQLite), compiled once: every search asks it. */
const conversationKey = compiledOnce((db, conversationId) => ({
  compile: () =>
    sql<{ key: number }>`select conversation_key as key
      from message_search_conversations
      where conversation_id = ${conversationId}`.compile(db),
}));

/**
 * SQLite: the FTS5 tables of migrations 0008 and 0016 (db/search-index.ts), whose rowid
 * is the conversation's number times 2^32 plus seq. The conversation (and a group's
 * visible history) is a rowid range FTS5 seeks to; it walks it newest first and stops at
 * the cap. Three characters and more are a
 * phrase of trigrams; one or two are one token of the pieces table ("b" + the characters
 * for a text, "n" + them for a file name). The reader's hidden messages are left out by
 * their keys (a set built once per query). Null when nothing of the conversation was ever
 * indexed.
 */
async function sqliteHits(
  db: Db,
  filter: HitFilter,
  words: string,
  where: SearchPlaces,
): Promise<Hits | null> {
  const [numbered] = await conversationKey(db, filter.conversationId);
  const key = numbered?.key;
  if (key === undefined) return null;
  const short = codePoints(words).length < 3;
  let match: string;
  if (short)
    match = [...(where.body ? ["b"] : []), ...(where.name ? ["n"] : [])]
      .map((prefix) => ftsPhrase(prefix + words))
      .join(" OR ");
  else {
    const column = where.body && where.name ? "" : where.body ? "body" : "name";
    match = (column ? `${column} : ` : "") + ftsPhrase(words);
  }
  const hides = filter.reader !== undefined;
  return {
    key: `fts|${String(short)}|${String(hides)}`,
    args: [
      key,
      match,
      filter.afterSeq + 1,
      ...(hides ? [filter.reader ?? 0, filter.conversationId] : []),
    ],
    build: (
      _db,
      [conversationKey, matching, firstSeq, reader, conversationId],
    ) => {
      const table = sql.table(
        short ? "message_search_grams" : "message_search_trigrams",
      );
      // Arithmetic stays in SQL: key × 2^32 outgrows a JavaScript number's exact range.
      const base = sql`(${conversationKey} << 32)`;
      const hidden = hides
        ? sql`and rowid not in (select ${base} + hm.seq from message_hides h
            join messages hm on hm.msg_id = h.msg_id
            where h.user_id = ${reader}
              and hm.conversation_id = ${conversationId})`
        : sql``;
      return sql<{ seq: number }>`select rowid - ${base} as seq from ${table}
        where ${table} match ${matching}
          and rowid between ${base} + ${firstSeq} and ${base} + 4294967295
          ${hidden}
        order by rowid desc limit ${SEARCH_CAP}`;
    },
  };
}

/** SQLite's engine: the index first catches up with the sends of the current commit. */
export const sqliteSearch: SearchEngine = {
  async hits(db, filter, words, where) {
    await groupCommit(db).catchUpSearchIndex();
    return sqliteHits(db, filter, words, where);
  },
};
