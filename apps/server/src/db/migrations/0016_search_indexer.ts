import { sql } from "kysely";
import { deleteEntries, SEARCHABLE } from "./0008_message_search.js";
import { type AnyDb, isPostgres } from "./dialect.js";

/*
 * Frozen once landed. Issue 14: on SQLite a new message's search entries are written by the
 * server at the end of the commit that stores it (db/search-index.ts says why and how), no
 * longer by migration 0008's insert trigger. The index itself is unchanged: the same tables,
 * the same entries. PostgreSQL's expression indexes follow their rows and stay as they are.
 *
 * What the triggers still do, for any connection that writes:
 *   - a deleted message that was indexed has its entries deleted;
 *   - a message whose indexed words change (a withdrawal makes it an event line, a mask
 *     gives it new text) has its entries deleted, and if it is still searchable and was
 *     indexed, waits in `message_search_stale` to be indexed again.
 * "Was indexed": at or below the mark and not waiting (only then does the index hold the
 * exact values a contentless table must be told to delete them).
 *
 * Everything stored so far was indexed by 0008's triggers: the mark starts at the top.
 */

const UPTO = "(select indexed_upto from message_search_progress)";

/** Whether `row`'s entries are in the index. */
function isIndexed(row: string): string {
  return `${row}.msg_id <= ${UPTO}
    and not exists (select 1 from message_search_stale where msg_id = ${row}.msg_id)`;
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table message_search_progress (
    id integer primary key check (id = 1),
    indexed_upto integer not null
  )`.execute(db);
  await sql`insert into message_search_progress (id, indexed_upto)
    select 1, coalesce(max(msg_id), 0) from messages`.execute(db);
  await sql`create table message_search_stale (
    msg_id integer primary key
  )`.execute(db);

  for (const trigger of ["insert", "delete", "update"])
    await sql`drop trigger ${sql.id(`messages_search_${trigger}`)}`.execute(db);
  const oldRow = `old.type in ${SEARCHABLE}`;
  const newRow = `new.type in ${SEARCHABLE}`;
  await sql
    .raw(
      `create trigger messages_search_delete after delete on messages
      when ${oldRow}
      begin ${deleteEntries("old", isIndexed("old"))}
        delete from message_search_stale where msg_id = old.msg_id;
      end`,
    )
    .execute(db);
  // As 0008's: reading (is_read) and scrubbing a quote (extends of a text) leave the index
  // alone.
  await sql
    .raw(
      `create trigger messages_search_update
      after update of conversation_id, seq, type, content, extends on messages
      when (${oldRow} or ${newRow}) and (
        old.conversation_id is not new.conversation_id or old.seq is not new.seq
        or old.type is not new.type
        or (new.type = 'text' and old.content is not new.content)
        or (new.type = 'file' and old.extends is not new.extends))
      begin ${deleteEntries("old", `${oldRow} and ${isIndexed("old")}`)}
        insert or ignore into message_search_stale (msg_id)
          select new.msg_id where ${newRow} and new.msg_id <= ${UPTO};
      end`,
    )
    .execute(db);
}
