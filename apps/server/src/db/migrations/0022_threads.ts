import { sql } from "kysely";
import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 44 (extensions.md §6): a reply in a thread names its root
 * twice, as the wire does (`thread_id`, the root's client id) and as the store joins it
 * (`thread_root`, the root's msg_id, null outside threads). A root with replies has one
 * `message_threads` row (how many, when the last came, its first ten repliers), and each
 * follower one `thread_follows` row with their unread count and the thread's last activity
 * (so a follower's threads are one range of an index, newest first). Not following is no
 * row. A root going takes its thread state with it.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("thread_id", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("messages")
    .addColumn("thread_root", "bigint")
    .execute();
  // A thread's replies in order, for `getThread`'s forward cursor; only replies are in it.
  await db.schema
    .createIndex("messages_by_thread")
    .on("messages")
    .columns(["thread_root", "msg_id"])
    .where(sql.ref("thread_root"), "is not", null)
    .execute();
  await db.schema
    .createTable("message_threads")
    .addColumn("root_msg_id", "bigint", (c) =>
      c.primaryKey().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_time", "bigint", (c) => c.notNull())
    /** JSON array of user ids, the first ten who replied, in the order they first did. */
    .addColumn("repliers", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createTable("thread_follows")
    .addColumn("root_msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("unread", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_time", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("thread_follows_key", ["root_msg_id", "user_id"])
    .execute();
  // A follower's threads, latest activity first (`getThreads`).
  await db.schema
    .createIndex("thread_follows_by_user")
    .on("thread_follows")
    .columns(["user_id", "last_time", "root_msg_id"])
    .execute();
}
