import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 44: a reply in a thread also shown in its chat ("also send to
 * chat", docs/EXTENSIONS.md): 1 keeps it in `getMessageList threads=1` pages beside the
 * roots, while it still counts in its thread.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("thread_broadcast", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
