import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 43 (extensions.md §1): a user's reaction with one emoji to a
 * message, once. The serial key orders them: a message's emojis in the order each was
 * first used, each one's users oldest first. A message or a user going takes its
 * reactions with it.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("message_reactions")
    .addColumn("reaction_id", key.type, key.build)
    .addColumn("msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("emoji", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("message_reactions_once", [
      "msg_id",
      "user_id",
      "emoji",
    ])
    .execute();
  // A page's reactions, per message and emoji in the order they came.
  await db.schema
    .createIndex("message_reactions_by_emoji")
    .on("message_reactions")
    .columns(["msg_id", "emoji", "reaction_id"])
    .execute();
}
