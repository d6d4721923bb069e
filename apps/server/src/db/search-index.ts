import { type Kysely, type QueryExecutorProvider, sql } from "kysely";
import { compiledOnce } from "./compiled-once.js";
import type { Database } from "./schema.js";
import { indexed, SEARCHABLE } from "./migrations/0008_message_search.js";

/*
 * The SQLite search index (FTS5, migrations 0008 and 0016), kept up by the server.
 *
 * What is searchable, and how it is split into entries, is migration 0008's: the text a
 * reader sees of a text message and the name of a file message go to
 * `message_search_trigrams` (three characters and more); every single character and every
 * pair of neighbours of them goes to `message_search_grams` as a token of its own ("b…" of
 * a text, "n…" of a name), for one and two.
 *
 * A message's entries are written in the transaction that stores it: every group commit
 * ends by indexing what is not yet indexed (`indexPending`), the whole batch at once. The
 * text and the name are still computed by 0008's SQL; the pieces are made here, which 0008's
 * insert trigger did character by character in SQL at 3–4× the cost (issue 14: the largest
 * part of a durable send). Deletions stay with triggers, which tell the contentless tables
 * the exact values they indexed (0008's SQL pieces, equal to these: tested), so a withdrawn
 * or deleted message leaves the index in the transaction that removes it, whoever removes
 * it, and with secure-delete its words leave the index's pages at once.
 *
 * Progress is one mark, `indexed_upto`: every searchable message with a msg_id at or below
 * it is indexed (msg_id only grows: AUTOINCREMENT), except those waiting in
 * `message_search_stale`: changed after they were indexed, they lost their entries at once
 * (trigger) and are indexed again by the next commit. Rows written by another connection
 * (a bulk import, the sqlite3 shell) are indexed by the next commit too, or by a search,
 * which always catches the index up before it reads.
 */

const blank = (c: string | undefined) => c === " " || c === "\n";

/**
 * The one- and two-character pieces of a text as tokens, each behind `prefix`, separated
 * by spaces (the grams table's only separator): 0008's `pieces`, without SQL. Spaces and
 * line breaks are left out: a search of one or two characters is trimmed, so it never
 * holds one. Characters are code points, as SQLite and the tokenizers count them, up to
 * the first NUL, where SQLite's length() stops.
 */
export function pieces(text: string | null, prefix: "b" | "n"): string {
  if (text === null) return "";
  const nul = text.indexOf("\0");
  const chars = Array.from(nul < 0 ? text : text.slice(0, nul));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    if (c === undefined || blank(c)) continue;
    out.push(prefix + c);
    const next = chars[i + 1];
    if (next !== undefined && !blank(next)) out.push(prefix + c + next);
  }
  return out.join(" ");
}

/** A message as the index reads it: its text or file name already made by 0008's SQL. */
interface Indexable {
  key: number;
  seq: number;
  body: string | null;
  name: string | null;
}

/** What one message puts in the index: [conversation key, seq, body, name, grams]. */
function entriesOf(
  row: Indexable,
): [number, number, string | null, string | null, string] {
  const grams =
    row.body !== null ? pieces(row.body, "b") : pieces(row.name, "n");
  return [row.key, row.seq, row.body, row.name, grams];
}

/** The most messages one call of indexPending indexes. */
export const INDEX_CHUNK = 2000;

/** Message types whose words are searchable: text, and a file's name. */
const searchable = sql.raw(SEARCHABLE);
const { body, name } = indexed("m");

/**
 * Indexes up to `limit` messages not yet indexed: changed ones first, then new ones by
 * msg_id. Runs inside the caller's transaction (a group commit's, or the migration's), so
 * the entries and the mark that counts them commit together. Answers whether anything is
 * left. SQLite only.
 */
export async function indexPending(
  trx: QueryExecutorProvider,
  limit = INDEX_CHUNK,
): Promise<boolean> {
  const { rows: marks } = await sql<{
    upto: number;
    top: number | null;
    stale: number;
  }>`select indexed_upto as upto, (select max(msg_id) from messages) as top,
      exists (select 1 from message_search_stale) as stale
    from message_search_progress`.execute(trx);
  const mark = marks[0];
  if (!mark) throw new Error("message_search_progress has no row");
  const top = mark.top ?? 0;
  if (mark.stale === 0 && mark.upto >= top) return false;

  let staleIds: number[] = [];
  if (mark.stale === 1) {
    const { rows: stale } = await sql<{ msg_id: number }>`select msg_id
      from message_search_stale order by msg_id limit ${limit}`.execute(trx);
    staleIds = stale.map((row) => row.msg_id);
  }
  const room = limit - staleIds.length;
  // The new messages this call takes: up to `room` searchable ones past the mark.
  let upto = mark.upto;
  let fresh: { msg_id: number }[] = [];
  if (room > 0 && mark.upto < top) {
    ({ rows: fresh } = await sql<{ msg_id: number }>`select msg_id from messages
      where msg_id > ${mark.upto} and type in ${searchable}
      order by msg_id limit ${room}`.execute(trx));
    upto = fresh.length < room ? top : (fresh[fresh.length - 1]?.msg_id ?? top);
  }
  const ids = JSON.stringify([...staleIds, ...fresh.map((row) => row.msg_id)]);
  if (ids !== "[]") {
    await sql`insert or ignore into message_search_conversations (conversation_id)
      select distinct m.conversation_id from json_each(${ids}) j
      join messages m on m.msg_id = j.value`.execute(trx);
    const { rows } =
      await sql<Indexable>`select c.conversation_key as key, m.seq,
        ${sql.raw(body)} as body, ${sql.raw(name)} as name
      from json_each(${ids}) j
      join messages m on m.msg_id = j.value and m.type in ${searchable}
      join message_search_conversations c on c.conversation_id = m.conversation_id`.execute(
        trx,
      );
    const entries = JSON.stringify(rows.map(entriesOf));
    // Arithmetic stays in SQL: key × 2^32 outgrows a JavaScript number's exact range.
    await sql`insert into message_search_trigrams (rowid, body, name)
      select ((value ->> 0) << 32) + (value ->> 1), value ->> 2, value ->> 3
      from json_each(${entries})`.execute(trx);
    await sql`insert into message_search_grams (rowid, grams)
      select ((value ->> 0) << 32) + (value ->> 1), value ->> 4
      from json_each(${entries})`.execute(trx);
  }
  if (staleIds.length > 0)
    await sql`delete from message_search_stale
      where msg_id in (select value from json_each(${JSON.stringify(staleIds)}))`.execute(
      trx,
    );
  if (upto !== mark.upto)
    await sql`update message_search_progress set indexed_upto = ${upto}`.execute(
      trx,
    );
  return staleIds.length === limit || upto < top;
}

/** The question `indexIsBehind` asks, compiled once: every search asks it first. */
const behind = compiledOnce((db) => ({
  compile: () =>
    sql<{ behind: number }>`select
      (select indexed_upto from message_search_progress)
        < coalesce((select max(msg_id) from messages), 0)
      or exists (select 1 from message_search_stale) as behind`.compile(db),
}));

/** Whether anything waits to be indexed: a search catches the index up first. */
export async function indexIsBehind(db: Kysely<Database>): Promise<boolean> {
  const [row] = await behind(db);
  return row?.behind === 1;
}
