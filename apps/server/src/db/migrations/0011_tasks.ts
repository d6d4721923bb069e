import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: scheduled tasks.
 * - `tasks`: one row per task: paused or not, and the last scheduled slot (ms) a process
 *   claimed. A process runs a slot only when its UPDATE moves `last_slot` forward, so with
 *   several server processes on one database each scheduled run happens exactly once.
 * - `task_log`: each run, what it did and how long it took.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tasks")
    .addColumn("name", "varchar(32)", (c) => c.primaryKey())
    .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_slot", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  const key = serialKey(db);
  await db.schema
    .createTable("task_log")
    .addColumn("log_id", key.type, key.build)
    .addColumn("name", "varchar(32)", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint", (c) => c.notNull())
    .addColumn("ok", "integer", (c) => c.notNull())
    .addColumn("manual", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("summary", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("task_log_name")
    .on("task_log")
    .columns(["name", "log_id"])
    .execute();
}
