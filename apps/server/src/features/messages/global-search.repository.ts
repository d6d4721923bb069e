import { sql, type RawBuilder } from "kysely";
import { type Db } from "../../db/database.js";
import { isSqlite } from "../../db/dialect.js";
import { groupCommit } from "../../db/group-commit.js";
import { containing } from "../../db/like.js";
import { type MessageRow } from "./message-store.repository.js";
import { codePoints, type SearchPlaces } from "./search-engine.js";

/*
 * The global search (issue 45): the messages a reader can see in all their chats, newest
 * first (by msg_id: within a chat its order is the order of seq), a page at a time below a
 * cursor. The chats come from the caller with where each one's readable history starts
 * (a group's history switch), so every rule of who sees what is the service's.
 *
 * SQLite: the same FTS5 tables as the history panel's search (migrations 0008, 0016), whose
 * keys are conversation-major (conversation number × 2^32 + seq). One statement: the
 * words' matches are read once in the index's order, kept when they are in a readable
 * chat's range, below the cursor and not hidden; the newest match of each chat ranks the
 * chats; only the `limit` chats with the newest matches can hold the page (any other has
 * `limit` chats with a newer match before it), and of each only its `limit` newest matches;
 * the rows of those, newest first. Its cost grows with the words' matches in the whole
 * installation (about a microsecond each, measured in bench W4s), never with the messages
 * that do not match; no query per chat or per row. A per-chat walk of the index was
 * measured and refused: a common word's entries cost milliseconds per chat to seek.
 *
 * PostgreSQL: a walk of the newest messages first, testing each (a common word fills its
 * page there), then, when the page is not full, the expression indexes of migration 0008
 * over the readable chats (a rare word's few matches); `postgresFound` says why.
 *
 * Without words (a filter alone: a type, a sender, dates), each readable chat's newest
 * messages of the types by the (conversation, type, seq) index, ranked the same way.
 */

/** A chat the reader may search, and the last seq before their readable history. */
export interface ReadableChat {
  conversationId: string;
  afterSeq: number;
}

/** A global search as the repository runs it. */
export interface GlobalSearch {
  chats: readonly ReadableChat[];
  /** Trimmed; "" lists by `types` alone. */
  words: string;
  /** Where the words may be (a text's body, a file's name). */
  places: SearchPlaces;
  /** The message types listed without words. */
  types: readonly string[];
  from: number | undefined;
  reader: number;
  /** Only messages with msg_id at or above this (0: no bound). */
  lowerMsgId: number;
  /** Only messages with msg_id below this (null: no bound). */
  upperMsgId: number | null;
  limit: number;
}

/** The largest seq a conversation's index range holds. */
const SEQ_MAX = 4294967295;

/** An FTS5 phrase: the text in quotes, its own quotes doubled, so none of it is syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The readable chats as JSON for the statement: [{cid, first}]. */
function chatsJson(chats: readonly ReadableChat[]): string {
  return JSON.stringify(
    chats.map((chat) => ({ cid: chat.conversationId, first: chat.afterSeq })),
  );
}

/** Found messages, newest first, at most `limit` of them. */
export async function searchEverywhere(
  db: Db,
  search: GlobalSearch,
): Promise<MessageRow[]> {
  if (search.chats.length === 0) return [];
  if (search.words !== "" && !search.places.body && !search.places.name)
    return [];
  if (search.words === "" && search.types.length === 0) return [];
  if (!isSqlite(db)) return postgresFound(db, search);
  const query =
    search.words === ""
      ? sqliteListed(search)
      : await sqliteMatched(db, search);
  const { rows } = await query.execute(db);
  return rows;
}

/**
 * SQLite: each readable chat with its index key and its range of seq: above its readable
 * start and the seq before `lowerMsgId`; at most the seq before `upperMsgId` (both by the
 * (conversation, msg_id) index, one step each).
 */
function sqliteVisible(search: GlobalSearch): RawBuilder<unknown> {
  const lower =
    search.lowerMsgId > 0
      ? sql`max(v.value ->> '$.first', coalesce((select l.seq from messages l
          where l.conversation_id = v.value ->> '$.cid' and l.msg_id < ${search.lowerMsgId}
          order by l.msg_id desc limit 1), 0))`
      : sql`v.value ->> '$.first'`;
  const upper =
    search.upperMsgId !== null
      ? sql`coalesce((select u.seq from messages u
          where u.conversation_id = v.value ->> '$.cid' and u.msg_id < ${search.upperMsgId}
          order by u.msg_id desc limit 1), 0)`
      : sql`${SEQ_MAX}`;
  return sql`select v.value ->> '$.cid' as cid, ${lower} as first, ${upper} as bound
    from json_each(${chatsJson(search.chats)}) v`;
}

/** The FTS5 table and query of `words` in `places` (as the history panel's search). */
function ftsQuery(words: string, places: SearchPlaces) {
  if (codePoints(words).length < 3)
    return {
      table: "message_search_grams",
      match: [...(places.body ? ["b"] : []), ...(places.name ? ["n"] : [])]
        .map((prefix) => ftsPhrase(prefix + words))
        .join(" OR "),
    };
  const column =
    places.body && places.name ? "" : places.body ? "body" : "name";
  return {
    table: "message_search_trigrams",
    match: (column ? `${column} : ` : "") + ftsPhrase(words),
  };
}

/** SQLite with words: one pass over the words' index entries (the file's comment). */
async function sqliteMatched(db: Db, search: GlobalSearch) {
  await groupCommit(db).catchUpSearchIndex();
  const { table, match } = ftsQuery(search.words, search.places);
  const fts = sql.table(table);
  // One chat (the `in` filter): the index seeks the chat's range newest first and stops
  // at the page, as the history panel's search does, instead of reading every match.
  const single = search.chats.length === 1;
  const seq = sql`(t.rowid & ${SEQ_MAX})`;
  const sender =
    search.from === undefined
      ? sql``
      : sql`and exists (select 1 from messages s
          where s.conversation_id = v.cid and s.seq = ${seq}
            and s.from_user = ${search.from})`;
  // The chats first, materialized: each chat's bound is looked up once (a subquery in
  // FROM is flattened into its reader, which then looked it up for WHERE and SELECT both).
  return sql<MessageRow>`with chats as materialized (${sqliteVisible(search)}),
    visible as materialized (
      select k.conversation_key as ck, r.cid, r.first, r.bound
      from chats r
      cross join message_search_conversations k on k.conversation_id = r.cid
      where r.bound > r.first
    ),
    hidden as materialized (
      select (k.conversation_key << 32) + hm.seq as rowid from message_hides h
      cross join messages hm on hm.msg_id = h.msg_id
      cross join message_search_conversations k on k.conversation_id = hm.conversation_id
      where h.user_id = ${search.reader}
    ),
    hit as materialized (${
      single
        ? sql`select v.ck, v.cid, ${seq} as seq
            from visible v cross join ${fts} t
            where ${fts} match ${match}
              and t.rowid between (v.ck << 32) + v.first + 1 and (v.ck << 32) + v.bound
              and t.rowid not in (select rowid from hidden)
              ${sender}
            order by t.rowid desc limit ${search.limit}`
        : sql`select v.ck, v.cid, ${seq} as seq
            from ${fts} t cross join visible v on v.ck = (t.rowid >> 32)
            where ${fts} match ${match}
              and ${seq} > v.first and ${seq} <= v.bound
              and t.rowid not in (select rowid from hidden)
              ${sender}`
    }),
    ranked as (
      select n.ck from (select ck, cid, max(seq) as seq from hit group by ck) n
      cross join messages m on m.conversation_id = n.cid and m.seq = n.seq
      order by m.msg_id desc limit ${search.limit}
    ),
    page as (
      select cid, seq from (
        select h.cid, h.seq, row_number() over (partition by h.ck order by h.seq desc) as n
        from hit h where h.ck in (select ck from ranked)
      ) where n <= ${search.limit}
    )
    select m.* from page p
    cross join messages m on m.conversation_id = p.cid and m.seq = p.seq
    order by m.msg_id desc limit ${search.limit}`;
}

/** The conditions of a message row `m` in `types`, from `from`, and not hidden from the reader. */
function rowFilters(search: GlobalSearch, types: readonly string[]) {
  return sql`m.type in (${sql.join(types.map((type) => sql.lit(type)))})
    ${search.from === undefined ? sql`` : sql`and m.from_user = ${search.from}`}
    and not exists (select 1 from message_hides h
      where h.msg_id = m.msg_id and h.user_id = ${search.reader})`;
}

/** SQLite without words: each chat's newest of the types (the file's comment). */
function sqliteListed(search: GlobalSearch) {
  const inRange = sql`m.seq > v.first and m.seq <= v.bound`;
  return sql<MessageRow>`with chats as materialized (${sqliteVisible(search)}),
    visible as materialized (
      select * from chats r where r.bound > r.first
    ),
    ranked as (
      select v.cid, v.first, v.bound from visible v
      cross join messages n on n.conversation_id = v.cid
        and n.seq = (select max(m.seq) from messages m
          where m.conversation_id = v.cid and ${inRange} and ${rowFilters(search, search.types)})
      order by n.msg_id desc limit ${search.limit}
    )
    select m.* from ranked v
    cross join messages m on m.conversation_id = v.cid
    where m.seq in (select m.seq from messages m
      where m.conversation_id = v.cid and ${inRange} and ${rowFilters(search, search.types)}
      order by m.seq desc limit ${search.limit})
    order by m.msg_id desc limit ${search.limit}`;
}

/**
 * How many of the newest messages below the cursor PostgreSQL's first pass reads: enough
 * for a common word's page (measured on 1,000,000 messages: a word in 8 % of them, 6 ms;
 * in 20 %, under 1 ms), few enough that a rare word's pass costs little before the index
 * finds it (about 25 ms read for nothing).
 */
const RECENT_WALK = 5000;

/**
 * PostgreSQL, with words: first a walk of the newest RECENT_WALK messages by msg_id,
 * testing each (a common word fills the page at once there; the trigram index would hand
 * over every match in the installation, sorted: 1.2–1.9 s for a word in 8–20 % of 1,000,000
 * messages, measured); when the page is not full, the index over all of them (a rare
 * word's few matches). Without words, one statement over the readable chats. The planner
 * estimates a trigram match's count poorly, so the choice is made here.
 */
async function postgresFound(
  db: Db,
  search: GlobalSearch,
): Promise<MessageRow[]> {
  if (search.words === "") {
    const { rows } = await postgresIndexed(
      search,
      search.types,
      sql`true`,
    ).execute(db);
    return rows;
  }
  const types = [
    ...(search.places.body ? ["text"] : []),
    ...(search.places.name ? ["file"] : []),
  ];
  const short = codePoints(search.words).length < 3;
  const { rows: recent } = await postgresRecent(search, types, short).execute(
    db,
  );
  if (recent.length >= search.limit) return recent;
  const matching = short
    ? sql`message_search_grams(m.conversation_id, m.type, m.content, m.extends)
        && (select array_agg(c.cid || ' ' || lower(${search.words})) from visible c)`
    : sql`message_search_text(m.type, m.content, m.extends)
        like lower(${containing(search.words)}) escape '\\'`;
  // The literal type list is what lets the planner use the partial indexes.
  const { rows } = await postgresIndexed(
    search,
    types,
    sql`m.type in ('text', 'file') and ${matching}`,
  ).execute(db);
  return rows;
}

/**
 * PostgreSQL's first pass: the newest RECENT_WALK messages below the cursor (one backward
 * walk of the primary key, a LIMIT the filters cannot pass), those of the reader's chats
 * that match, in order; it stops at the page.
 */
function postgresRecent(
  search: GlobalSearch,
  types: readonly string[],
  short: boolean,
) {
  const matching = short
    ? sql`message_search_grams(m.conversation_id, m.type, m.content, m.extends)
        @> array[m.conversation_id || ' ' || lower(${search.words})]`
    : sql`message_search_text(m.type, m.content, m.extends)
        like lower(${containing(search.words)}) escape '\\'`;
  const later = search.chats.filter((chat) => chat.afterSeq > 0);
  return sql<MessageRow>`select m.* from (
      select * from messages
      where msg_id >= ${search.lowerMsgId}
        ${search.upperMsgId === null ? sql`` : sql`and msg_id < ${search.upperMsgId}`}
      order by msg_id desc limit ${RECENT_WALK}
    ) m
    where m.conversation_id = any(cast(${search.chats.map((chat) => chat.conversationId)} as text[]))
      and not exists (select 1
        from unnest(cast(${later.map((chat) => chat.conversationId)} as text[]),
          cast(${later.map((chat) => chat.afterSeq)} as bigint[])) as r(cid, first)
        where r.cid = m.conversation_id and m.seq <= r.first)
      and ${rowFilters(search, types)}
      and ${matching}
    order by m.msg_id desc limit ${search.limit}`;
}

/**
 * PostgreSQL over the readable chats, newest first: the newest matching keys first (a
 * top-N of keys, not of rows), then their rows.
 */
function postgresIndexed(
  search: GlobalSearch,
  types: readonly string[],
  matching: RawBuilder<unknown>,
) {
  return sql<MessageRow>`with visible as (
      select * from json_to_recordset(cast(${chatsJson(search.chats)} as json))
        as v(cid text, first bigint)
    ),
    found as (
      select m.msg_id from visible v
      join messages m on m.conversation_id = v.cid and m.seq > v.first
      where ${rowFilters(search, types)}
        and ${matching}
        and m.msg_id >= ${search.lowerMsgId}
        ${search.upperMsgId === null ? sql`` : sql`and m.msg_id < ${search.upperMsgId}`}
      order by m.msg_id desc limit ${search.limit}
    )
    select m.* from found f join messages m on m.msg_id = f.msg_id
    order by m.msg_id desc`;
}

/** A user's one-to-one chats (with themselves too): the keys of their chat-list rows. */
export async function listDirectChats(
  db: Db,
  userId: number,
): Promise<{ conversation_id: string; peer_id: string }[]> {
  return db
    .selectFrom("user_conversations")
    .select(["conversation_id", "peer_id"])
    .where("user_id", "=", userId)
    .where("is_group", "=", 0)
    .execute();
}

/**
 * The first message sent at or after `time` (ms), by msg_id: a search's date bound. Found
 * by halving the msg_id range (msg_ids grow with time), some 30 steps of the primary key;
 * the maximum msg_id + 1 when nothing was sent since.
 */
export async function firstMsgIdAt(db: Db, time: number): Promise<number> {
  const top = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("msg_id").as("id"))
    .executeTakeFirst();
  let high = (top?.id ?? 0) + 1;
  let low = 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const next = await db
      .selectFrom("messages")
      .select(["msg_id", "created_at"])
      .where("msg_id", ">=", middle)
      .orderBy("msg_id")
      .limit(1)
      .executeTakeFirst();
    if (!next) high = middle;
    else if (next.created_at >= time) high = middle;
    else low = next.msg_id + 1;
  }
  return low;
}
