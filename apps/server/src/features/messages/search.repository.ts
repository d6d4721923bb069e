import { compiledOnce, type Argument } from "../../db/compiled-once.js";
import { sql } from "kysely";
import { type Db } from "../../db/database.js";
import { isSqlite } from "../../db/dialect.js";
import { type MessageRow } from "./message-store.repository.js";
import { notHiddenFor } from "./history.repository.js";
import { postgresSearch } from "./search-postgres.js";
import { sqliteSearch } from "./search-sqlite.js";
import {
  type HitFilter,
  type Hits,
  SEARCH_CAP,
  type SearchPlaces,
} from "./search-engine.js";

/** Types whose words are searchable, by where the words are: a text, a file's name. */
function searchableIn(types: readonly string[] | null): SearchPlaces {
  return {
    body: types === null || types.includes("text"),
    name: types === null || types.includes("file"),
  };
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
    const engine = isSqlite(db) ? sqliteSearch : postgresSearch;
    hits = await engine.hits(db, filter, options.keywords, where);
  }
  if (hits === null) return { rows: [], total: 0 };
  return pageOfHits(db, conversationId, hits, options.limit, options.offset);
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
