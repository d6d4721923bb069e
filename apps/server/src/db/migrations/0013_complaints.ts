import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: complaints. A user's report of a message, a user or a
 * group, with a reason and their words; an administrator's decision (handled, dismissed)
 * with a note. Listed newest first by state; a repeat report is found by its reporter and
 * target.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("complaints")
    .addColumn("complaint_id", key.type, key.build)
    .addColumn("reporter_id", "integer", (c) => c.notNull())
    .addColumn("target_type", "varchar(16)", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("reason", "varchar(16)", (c) => c.notNull())
    .addColumn("content", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("remark", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("handled_by", "integer")
    .addColumn("handled_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("complaints_status")
    .on("complaints")
    .columns(["status", "complaint_id"])
    .execute();
  await db.schema
    .createIndex("complaints_reporter_target")
    .on("complaints")
    .columns(["reporter_id", "target_type", "target_id"])
    .execute();
}
