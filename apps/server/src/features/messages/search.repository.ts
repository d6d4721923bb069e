import { compiledOnce, type Argument } from "../../db/compiled-once.js";
import { sql, type RawBuilder } from "kysely";
import { type Db } from "../../db/database.js";
import { groupCommit } from "../../db/group-commit.js";
import { containing } from "../../db/like.js";
import { isSqlite } from "../../db/dialect.js";
import { type MessageRow } from "./message-store.repository.js";
import { notHiddenFor } from "./history.repository.js";

/**
 * How many matches the history panel counts. Past it `count` says this many and the pager
 * offers its 50 pages of 20, the newest matches: more than anyone pages through, while each
 * request reads at most this many index entries (about a millisecond on SQLite), whatever
 * the conversation's size.
 */
const SEARCH_CAP = 1000;

/** Types whose words are searchable, by where the words are: a text, a file's name. */
function searchableIn(types: readonly string[] | null) {
  return {
    body: types === null || types.includes("text"),
    name: types === null || types.includes("file"),
  };
}

/**
 * The matches of a search as a query's shape and its arguments. The shape (which index,
 * which columns, whether the reader hides anything, which types) is named by `key` and
 * built by `build` from stand-ins for `args` (db/compiled-once.ts), so each shape is built
 * and compiled once per process, then run with each search's values (issue 14: building
 * and compiling the page's query with Kysely was an eighth of a search request). `build`
 * must give the query the same shape for the same key.
 */
interface Hits {
  key: string;
  args: Argument[];
  build: (db: Db, slots: readonly never[]) => RawBuilder<{ seq: number }>;
}

/**
 * Messages of a conversation for the history panel: newest first by page, filtered by type
 * and words, with a total that is exact up to SEARCH_CAP. The matches come from indexes
 * (migration 0008) and every page reads the same at most SEARCH_CAP keys, so the last page
 * costs what the first costs and no request scans the conversation.
 */
export async function searchMessages(
  db: Db,
  conversationId: string,
  options: {
    types: string[] | null;
    /** Trimmed; "" lists without matching words. */
    keywords: string;
    limit: number;
    offset: number;
    afterSeq?: number;
    reader?: number;
  },
): Promise<{ rows: MessageRow[]; total: number }> {
  const filter = {
    conversationId,
    afterSeq: options.afterSeq ?? 0,
    reader: options.reader,
  };
  let hits: Hits | null;
  if (options.keywords === "") hits = typedHits(filter, options.types);
  else {
    const where = searchableIn(options.types);
    if (!where.body && !where.name) return { rows: [], total: 0 };
    if (isSqlite(db)) {
      await groupCommit(db).catchUpSearchIndex();
      hits = await sqliteHits(db, filter, options.keywords, where);
    } else hits = postgresHits(filter, options.keywords, where);
  }
  if (hits === null) return { rows: [], total: 0 };
  return pageOfHits(db, conversationId, hits, options.limit, options.offset);
}

interface HitFilter {
  conversationId: string;
  /** Only messages after this seq (a group member's join with history off); 0 for all. */
  afterSeq: number;
  reader: number | undefined;
}

type SearchRow = MessageRow & { search_total: number };

/** The compiled page and count of each shape of hits, by the shape's key. */
const hitPages = new Map<
  string,
  {
    page: (db: Db, ...args: readonly Argument[]) => Promise<SearchRow[]>;
    count: (db: Db, ...args: readonly Argument[]) => Promise<{ n: number }[]>;
  }
>();

/** The page and count queries of a shape of hits, compiled on first use. */
function compiledHits(hits: Hits) {
  const found = hitPages.get(hits.key);
  if (found) return found;
  const arity = hits.args.length;
  const made = {
    page: compiledOnce<SearchRow>(
      (db, ...slots: never[]) =>
        db
          .with(
            (cte) => cte("hits").materialized(),
            () =>
              sql<{ seq: number }>`(${hits.build(db, slots.slice(0, arity))})`,
          )
          .selectFrom((from) =>
            from
              .selectFrom("hits")
              .select("seq")
              .orderBy("seq", "desc")
              .limit(slots[arity] as never)
              .offset(slots[arity + 1] as never)
              .as("page"),
          )
          // A cross join keeps the page outer on SQLite: its keys drive one lookup each.
          // As an inner join ordered by m.seq, SQLite walked the conversation by index
          // instead (11 s on 100k messages).
          .crossJoin("messages as m")
          .where("m.conversation_id", "=", slots[arity + 2] as never)
          .whereRef("m.seq", "=", "page.seq")
          .selectAll("m")
          .select((eb) =>
            eb
              .selectFrom("hits")
              .select(eb.fn.countAll<number>().as("n"))
              .$asScalar()
              .as("search_total"),
          )
          .orderBy("page.seq", "desc"),
      arity + 3,
    ),
    count: compiledOnce<{ n: number }>(
      (db, ...slots: never[]) =>
        db
          .selectFrom(
            sql<{ seq: number }>`(${hits.build(db, slots.slice(0, arity))})`.as(
              "hit",
            ),
          )
          .select((eb) => eb.fn.countAll<number>().as("n")),
      arity,
    ),
  };
  hitPages.set(hits.key, made);
  return made;
}

/**
 * One page of the hits with their count, the rows read by (conversation, seq). The hits
 * are gathered once (a materialized CTE): the count reads them, the page is cut from them.
 * A page past the end has no rows to carry the count, so it is counted on its own; a first
 * page with no rows has nothing to count.
 */
async function pageOfHits(
  db: Db,
  conversationId: string,
  hits: Hits,
  limit: number,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const queries = compiledHits(hits);
  const take = Math.min(limit, SEARCH_CAP - offset);
  if (take > 0) {
    const found = await queries.page(
      db,
      ...hits.args,
      take,
      offset,
      conversationId,
    );
    const first = found[0];
    // The rows keep their `search_total`: a wire message is built key by key
    // (toMessage), so it goes no further, and copying 20 rows without it cost more than
    // a tenth of the search's time outside SQLite (issue 14).
    if (first) return { rows: found, total: first.search_total };
    if (offset === 0) return { rows: [], total: 0 };
  }
  const [counted] = await queries.count(db, ...hits.args);
  return { rows: [], total: counted?.n ?? 0 };
}

/**
 * Without words: each type of the tab is its own range of (conversation, type, seq),
 * newest first and cut at the cap, merged. One range by seq alone could hold a million
 * texts before the tab's first picture.
 */
function typedHits(filter: HitFilter, types: readonly string[] | null): Hits {
  const hides = filter.reader !== undefined;
  return {
    key: `typed|${types?.join(",") ?? "*"}|${String(hides)}`,
    args: [
      filter.conversationId,
      filter.afterSeq,
      ...(hides ? [filter.reader ?? 0] : []),
    ],
    build: (db, [conversationId, afterSeq, reader]) => {
      const range = (type: string | null) => {
        let query = db
          .selectFrom("messages")
          .select("seq")
          .where("conversation_id", "=", conversationId as never)
          .where("seq", ">", afterSeq as never);
        if (type !== null) query = query.where("type", "=", type);
        if (hides) query = query.where(notHiddenFor(reader as never));
        return query.orderBy("seq", "desc").limit(SEARCH_CAP);
      };
      const ranges = (types ?? [null]).map((type, i) =>
        // SQLite takes ORDER BY and LIMIT in a compound's members only inside a subquery.
        db.selectFrom(range(type).as(`t${String(i)}`)).select("seq"),
      );
      const [first, ...rest] = ranges;
      if (!first) return sql<{ seq: number }>`select 0 as seq where 1 = 0`;
      const merged = rest.reduce((all, next) => all.unionAll(next), first);
      // Kysely puts the union in parentheses: a subquery.
      return sql<{ seq: number }>`select seq from ${merged} as typed
        order by seq desc limit ${SEARCH_CAP}`;
    },
  };
}

/**
 * A text's characters as SQLite counts them (length, substr) and as the tokenizers split
 * them: code points, not graphemes, so an emoji with a modifier is two.
 */
function codePoints(text: string): string[] {
  return Array.from(text);
}

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
  where: { body: boolean; name: boolean },
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

/**
 * PostgreSQL: the GIN indexes of migration 0008 over the shown text, lowered. Three
 * characters and more: pg_trgm serves a LIKE (its wildcards escaped). One or two: the
 * exact key "<conversation> <characters>" of the pieces index. The matches are gathered
 * first (a materialized CTE) so the planner cannot trade the index for a walk of the
 * conversation newest first that finds nothing when the words are rare (measured: 4 s on
 * 200k rows); then the newest, up to the cap.
 */
function postgresHits(
  filter: HitFilter,
  words: string,
  where: { body: boolean; name: boolean },
): Hits {
  const kinds = [
    ...(where.body ? ["text"] : []),
    ...(where.name ? ["file"] : []),
  ];
  const short = codePoints(words).length < 3;
  const hides = filter.reader !== undefined;
  return {
    key: `trgm|${String(short)}|${kinds.join(",")}|${String(hides)}`,
    args: [
      filter.conversationId,
      filter.afterSeq,
      short ? words : containing(words),
      ...(hides ? [filter.reader ?? 0] : []),
    ],
    build: (_db, [conversationId, afterSeq, pattern, reader]) => {
      const matching = short
        ? sql`message_search_grams(m.conversation_id, m.type, m.content, m.extends)
            @> array[cast(${conversationId} as text) || ' ' || lower(${pattern})]`
        : sql`message_search_text(m.type, m.content, m.extends)
            like lower(${pattern}) escape '\\'`;
      const hidden = hides
        ? sql`and not exists (select 1 from message_hides h
            where h.msg_id = m.msg_id and h.user_id = ${reader})`
        : sql``;
      // The literal type list is what lets the planner use the partial indexes.
      return sql<{ seq: number }>`with matches as materialized (
          select m.seq from messages m
          where m.conversation_id = ${conversationId}
            and m.type in ('text', 'file')
            and m.type in (${sql.join(kinds.map((kind) => sql.lit(kind)))})
            and m.seq > ${afterSeq}
            and ${matching}
            ${hidden}
        )
        select seq from matches order by seq desc limit ${SEARCH_CAP}`;
    },
  };
}
