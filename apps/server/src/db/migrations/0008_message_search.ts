import { sql } from "kysely";
import { type AnyDb, isPostgres } from "./dialect.js";

/*
 * Frozen once landed. The history panel's search (SPEC §2 "Chat history search panel"):
 * full text in any script, one conversation at a time, from indexes only.
 *
 * What is searchable is what a reader sees: the text of a text message (its stored HTML
 * with the tags taken out, a line break as a line break, an emoji picture as U+FFFC so no
 * word runs across it, entities decoded, so `a<b` is found and `&lt;` is not) and the name
 * of a file message (the file tab lists files by name). Pictures, videos and voice show no
 * words, so they are never found by words. A withdrawn message is an event line: it leaves
 * the index.
 *
 * SQLite: two FTS5 tables kept in step with `messages` by triggers (in plain SQL, so any
 * connection that writes, the sqlite3 shell included, keeps them right):
 *   - `message_search_trigrams` (trigram tokenizer) answers three characters and more;
 *   - `message_search_grams` answers one and two characters, which no trigram holds: every
 *     single character and every pair of neighbours is a token of its own, so a short
 *     search is one token. Both fold case with the same Unicode table.
 * A row's key is its conversation's number (`message_search_conversations`) times 2^32 plus
 * its seq, so one conversation is one rowid range (and a group's visible history a smaller
 * one): FTS5 seeks straight to it, newest first, and stops at the count's cap.
 * Both tables are contentless (they keep no copy of the text: the index is all there is)
 * with secure-delete on: a withdrawn or deleted message's entries are removed from the
 * index itself at once, not merely marked deleted, so its words leave no trace there. The
 * triggers rebuild the exact indexed values from the old row to delete them. The price is
 * paid when deleting: about 0.3 ms per message (a group of 10,000 messages clears in some
 * 3 s), against some 0.1 ms per message indexed.
 *
 * PostgreSQL: expression indexes, so the index follows each row without triggers: pg_trgm
 * (GIN) over the same shown text, lowered, for three characters and more; and a GIN over
 * the row's one- and two-character pieces, each prefixed with its conversation, so a short
 * search is one exact key of one conversation.
 *
 * Both: the history panel's tabs without words list one type at a time by index
 * (conversation, type, seq), and a reader's own hidden messages are found by reader.
 */

/** Message types whose words are searchable: text, and a file's name. */
export const SEARCHABLE = "('text', 'file')";
/** Rows a batch of the SQLite backfill covers, by msg_id. */
const BATCH = 5000;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("messages_conversation_type_seq")
    .on("messages")
    .columns(["conversation_id", "type", "seq"])
    .execute();
  // A reader's hidden messages, to leave them out of a search.
  await db.schema
    .createIndex("message_hides_user")
    .on("message_hides")
    .columns(["user_id", "msg_id"])
    .execute();
  if (isPostgres(db)) await postgresIndexes(db);
  else await sqliteIndexes(db);
}

/* ----------------------------------------------------------------- SQLite ---- */

/** The text a reader sees of a text message's stored HTML; `content` is an SQL expression. */
function shownText(content: string): string {
  const lt = "instr(rest, '<')";
  const gt = `instr(substr(rest, ${lt}), '>')`;
  // A `<` with no `>` after it cannot open a tag (stored text escapes `<`): kept as text.
  const lastPiece = `${lt} = 0 or ${gt} = 0`;
  return `case when instr(${content}, '<') = 0 and instr(${content}, '&') = 0
    then ${content}
    else (with recursive strip(rest, shown) as (
        select replace(replace(replace(${content}, '<br />', char(10)), '<br/>', char(10)), '<br>', char(10)), ''
        union all
        select case when ${lastPiece} then null else substr(rest, ${lt} + ${gt}) end,
          case when ${lastPiece} then shown || rest
            else shown || substr(rest, 1, ${lt} - 1)
              || case when substr(rest, ${lt}, 4) = '<img' then char(65532) else '' end
          end
        from strip where rest is not null
      )
      select replace(replace(replace(replace(replace(shown,
        '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
      from strip where rest is null)
    end`;
}

/** What `row` (new or old, or a table alias) puts in the index: key, body and name. */
export function indexed(row: string) {
  return {
    key: `(select conversation_key from message_search_conversations
      where conversation_id = ${row}.conversation_id) * 4294967296 + ${row}.seq`,
    body: `case when ${row}.type = 'text' then ${shownText(`${row}.content`)} end`,
    // Only a string names a file (the reader sees "" otherwise); bad JSON names nothing.
    name: `case when ${row}.type = 'file' and json_valid(${row}.extends) then
      case when json_type(${row}.extends, '$.fileName') = 'text'
        then json_extract(${row}.extends, '$.fileName') end end`,
  };
}

/**
 * The one- and two-character pieces of a text as tokens, each behind `prefix` (b: a
 * text's body, n: a file's name). Spaces and line breaks are left out: a search of one or
 * two characters is trimmed, so it never holds one. The table keeps no positions, so the
 * order of the pieces does not matter (and no sort is paid for it). The series of
 * positions comes from json_each over "[0,0,…]": SQLite has no generate_series, and a
 * recursive CTE costs twice as much per character. The text is computed once, in a
 * subquery SQLite runs as a co-routine (LIMIT keeps it from being inlined into every
 * reference, and unlike a materialized CTE it needs no temporary table, which costs a
 * temporary file per row on disk).
 */
export function pieces(text: string, prefix: "b" | "n"): string {
  const at = (length: number) => `substr(t, key + 1, ${String(length)})`;
  const blank = (c: string) => `${c} in (' ', char(10))`;
  return `coalesce((select group_concat('${prefix}' || ${at(1)}
        || case when key + 1 < length(t) and not ${blank("substr(t, key + 2, 1)")}
          then ' ${prefix}' || ${at(2)} else '' end, ' ')
    from (select ${text} as t limit 1) as shown,
      json_each('[' || replace(hex(zeroblob(length(t))), '00', '0,') || '0]')
    where key < length(t) and not ${blank(at(1))}), '')`;
}

/** The pieces of `row`'s words: a text's body, or a file's name (a row has one of them). */
function grams(row: string): string {
  const { body, name } = indexed(row);
  return `case when ${row}.type = 'text' then ${pieces(body, "b")}
    else ${pieces(name, "n")} end`;
}

/** Inserts `row`'s entries into both tables (the conversation numbered first). */
function insertEntries(row: string, guard: string): string {
  const { key, body, name } = indexed(row);
  return `
    insert or ignore into message_search_conversations (conversation_id)
      select ${row}.conversation_id where ${guard};
    insert into message_search_trigrams (rowid, body, name)
      select ${key}, ${body}, ${name} where ${guard};
    insert into message_search_grams (rowid, grams)
      select ${key}, ${grams(row)} where ${guard};`;
}

/** Removes `row`'s entries: a contentless table is told the exact values it indexed. */
export function deleteEntries(row: string, guard: string): string {
  const { key, body, name } = indexed(row);
  return `
    insert into message_search_trigrams (message_search_trigrams, rowid, body, name)
      select 'delete', ${key}, ${body}, ${name} where ${guard};
    insert into message_search_grams (message_search_grams, rowid, grams)
      select 'delete', ${key}, ${grams(row)} where ${guard};`;
}

async function sqliteIndexes(db: AnyDb): Promise<void> {
  // An INTEGER PRIMARY KEY, so a conversation's number survives VACUUM (a plain rowid may not).
  await sql`create table message_search_conversations (
    conversation_key integer primary key,
    conversation_id varchar(64) not null unique
  )`.execute(db);
  await sql`create virtual table message_search_trigrams using fts5(
    body, name, tokenize = 'trigram', content = '', detail = full
  )`.execute(db);
  // Every general category is a token character, so punctuation and symbols are found too;
  // the space alone separates; diacritics are kept (é is not e), case is folded as the
  // trigram tokenizer folds it.
  await sql`create virtual table message_search_grams using fts5(
    grams, content = '', detail = none,
    tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Z* C*' separators ' '"
  )`.execute(db);
  for (const table of ["message_search_trigrams", "message_search_grams"])
    await sql`insert into ${sql.table(table)} (${sql.table(table)}, rank)
      values ('secure-delete', 1)`.execute(db);

  const newRow = `new.type in ${SEARCHABLE}`;
  const oldRow = `old.type in ${SEARCHABLE}`;
  await sql
    .raw(
      `create trigger messages_search_insert after insert on messages
      when ${newRow} begin ${insertEntries("new", "1")} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger messages_search_delete after delete on messages
      when ${oldRow} begin ${deleteEntries("old", "1")} end`,
    )
    .execute(db);
  // Reading (is_read) and scrubbing a quote (extends of a text) leave the index alone; a
  // withdrawal (type becomes event) takes the row out.
  await sql
    .raw(
      `create trigger messages_search_update
      after update of conversation_id, seq, type, content, extends on messages
      when (${oldRow} or ${newRow}) and (
        old.conversation_id is not new.conversation_id or old.seq is not new.seq
        or old.type is not new.type
        or (new.type = 'text' and old.content is not new.content)
        or (new.type = 'file' and old.extends is not new.extends))
      begin ${deleteEntries("old", oldRow)} ${insertEntries("new", newRow)} end`,
    )
    .execute(db);

  await backfill(db);
}

/** Indexes the messages already stored, a range of msg_id at a time. */
async function backfill(db: AnyDb): Promise<void> {
  const { rows } = await sql<{
    top: number | null;
  }>`select max(msg_id) as top from messages`.execute(db);
  const top = rows[0]?.top ?? 0;
  const m = indexed("m");
  for (let from = 0; from < top; from += BATCH) {
    const range = sql`m.msg_id > ${from} and m.msg_id <= ${from + BATCH}
      and m.type in ${sql.raw(SEARCHABLE)}`;
    await sql`insert or ignore into message_search_conversations (conversation_id)
      select distinct m.conversation_id from messages m where ${range}`.execute(
      db,
    );
    await sql`insert into message_search_trigrams (rowid, body, name)
      select ${sql.raw(m.key)}, ${sql.raw(m.body)}, ${sql.raw(m.name)}
      from messages m where ${range}`.execute(db);
    await sql`insert into message_search_grams (rowid, grams)
      select ${sql.raw(m.key)}, ${sql.raw(grams("m"))}
      from messages m where ${range}`.execute(db);
  }
}

/* ------------------------------------------------------------- PostgreSQL ---- */

/**
 * Installs pg_trgm (contrib) once per database, in `public` so no app schema owns it (a
 * schema dropped with cascade would take every other schema's indexes with it), and answers
 * the schema it lives in. Concurrent migrations (one schema each) queue on a lock.
 */
async function trigramSchema(db: AnyDb): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('parley:pg_trgm'))`.execute(
    db,
  );
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(
      db,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `History search needs the PostgreSQL extension pg_trgm (package postgresql-contrib) ` +
        `and a role that may create it (a superuser, or on PostgreSQL 13+ one with CREATE on the database); ` +
        `install it with "create extension pg_trgm with schema public", then migrate again. ` +
        `PostgreSQL said: ${reason}`,
      { cause: error },
    );
  }
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error("pg_trgm is not installed");
  return schema;
}

async function postgresIndexes(db: AnyDb): Promise<void> {
  const trgm = await trigramSchema(db);
  const { rows } = await sql<{
    schema: string;
  }>`select current_schema() as schema`.execute(db);
  const own = sql.id(rows[0]?.schema ?? "public");

  // Not PARALLEL SAFE on purpose: on a small box the workers' start-up cost more than the
  // searches they would share (measured here: a 0.2 ms scan took 130 ms under Gather).
  await sql`create function ${own}.message_search_text(kind varchar, content text, ext text)
    returns text language plpgsql immutable as $fn$
    begin
      if kind = 'text' then
        return lower(replace(replace(replace(replace(replace(
          regexp_replace(regexp_replace(regexp_replace(content,
            '<br\\s*/?>', E'\\n', 'gi'), '<img\\y[^>]*>', U&'\\FFFC', 'gi'), '<[^>]*>', '', 'g'),
          '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'));
      elsif kind = 'file' then
        -- Only a string names a file; stored JSON that does not parse names nothing.
        begin
          return case when jsonb_typeof(ext::jsonb -> 'fileName') = 'string'
            then lower(ext::jsonb ->> 'fileName') end;
        exception when others then
          return null;
        end;
      end if;
      return null;
    end $fn$`.execute(db);
  // Spaces and line breaks are left out: a search of one or two characters is trimmed, so
  // it never holds one.
  await sql`create function ${own}.message_search_grams(
      conversation varchar, kind varchar, content text, ext text)
    returns text[] language plpgsql immutable as $fn$
    declare
      shown text := ${own}.message_search_text(kind, content, ext);
      chars text[];
      grams text[] := '{}';
      n int;
    begin
      if shown is null then
        return grams;
      end if;
      chars := string_to_array(shown, null);
      n := coalesce(array_length(chars, 1), 0);
      for i in 1 .. n loop
        if chars[i] not in (' ', E'\\n') then
          grams := grams || (conversation || ' ' || chars[i]);
          if i < n and chars[i + 1] not in (' ', E'\\n') then
            grams := grams || (conversation || ' ' || chars[i] || chars[i + 1]);
          end if;
        end if;
      end loop;
      return grams;
    end $fn$`.execute(db);

  await sql`create index messages_search_trigrams on messages
    using gin (message_search_text(type, content, extends) ${sql.id(trgm)}.gin_trgm_ops)
    where type in ${sql.raw(SEARCHABLE)}`.execute(db);
  await sql`create index messages_search_grams on messages
    using gin (message_search_grams(conversation_id, type, content, extends))
    where type in ${sql.raw(SEARCHABLE)}`.execute(db);
}
