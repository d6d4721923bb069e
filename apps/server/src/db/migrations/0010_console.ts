import { sql } from "kysely";
import { type AnyDb, isPostgres, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: the console.
 * - `audit_log`: every administrative change, append-only. The database itself refuses to
 *   update or delete an entry (a trigger on each dialect), so no bug or later feature of
 *   the product can rewrite history.
 * - `invite_codes`: the codes of registration links (regtype 2), valid until they expire.
 * - Indexes for the console home's daily figures: messages and users by creation time.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("audit_log")
    .addColumn("audit_id", key.type, key.build)
    .addColumn("actor_id", "bigint", (c) => c.notNull())
    .addColumn("actor_name", "varchar(64)", (c) => c.notNull())
    .addColumn("action", "varchar(32)", (c) => c.notNull())
    .addColumn("target_type", "varchar(16)", (c) => c.notNull())
    .addColumn("target_id", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The log's filters, each newest first.
  await db.schema
    .createIndex("audit_log_action")
    .on("audit_log")
    .columns(["action", "audit_id"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor")
    .on("audit_log")
    .columns(["actor_id", "audit_id"])
    .execute();
  await db.schema
    .createIndex("audit_log_target")
    .on("audit_log")
    .columns(["target_id", "audit_id"])
    .execute();
  await db.schema
    .createIndex("audit_log_time")
    .on("audit_log")
    .column("created_at")
    .execute();

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger
      language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end;
      $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable("invite_codes")
    .addColumn("code", "varchar(16)", (c) => c.primaryKey())
    .addColumn("created_by", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex("messages_created")
    .on("messages")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("users_created")
    .on("users")
    .column("created_at")
    .execute();
}
