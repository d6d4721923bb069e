import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: system notices.
 * - `notices`: what a super administrator published to everyone (title, text), newest by
 *   key; a withdrawn notice is deleted (the audit log keeps what it said).
 * - `notice_reads`: the newest notice each user has read, so the notices entry's unread
 *   count is the notices above it: one row per user who ever read one, not one per notice.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("notices")
    .addColumn("notice_id", key.type, key.build)
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("notice_reads")
    .addColumn("user_id", "integer", (c) => c.primaryKey())
    .addColumn("last_read_id", "integer", (c) => c.notNull())
    .execute();
}
