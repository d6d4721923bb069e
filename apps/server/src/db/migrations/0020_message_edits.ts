import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 43 (extensions.md §2): a message's last edit time (ms, 0 never
 * edited), and every version an edit replaced, with who wrote it and when (the original's
 * time is its send time). A message going takes its versions with it.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("edit_time", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  const key = serialKey(db);
  await db.schema
    .createTable("message_edits")
    .addColumn("edit_id", key.type, key.build)
    .addColumn("msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("edit_time", "bigint", (c) => c.notNull())
    .execute();
  // A message's versions in the order they were replaced.
  await db.schema
    .createIndex("message_edits_by_message")
    .on("message_edits")
    .columns(["msg_id", "edit_id"])
    .execute();
}
