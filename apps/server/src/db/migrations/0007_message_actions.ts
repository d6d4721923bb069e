import { sql } from "kysely";
import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 11: what a user does with a message. A group manager withdraws
 * a message by its client id whoever sent it (an index on the client id alone); a
 * withdrawal or deletion takes the quoted text out of the replies that carry it (an index
 * on the quoted message); "delete for me" is a row per user and message, which every page
 * leaves out by its key; favourites point at the message they keep, and go with it.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);

  await db.schema
    .createIndex("messages_client_id")
    .on("messages")
    .column("client_msg_id")
    .execute();
  await db.schema
    .createIndex("messages_quoted")
    .on("messages")
    .column("pid")
    .where(sql.ref("pid"), "is not", null)
    .execute();

  await db.schema
    .createTable("message_hides")
    .addColumn("msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_hides_pk", ["msg_id", "user_id"])
    .execute();

  await db.schema
    .createTable("favourites")
    .addColumn("favourite_id", key.type, key.build)
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("msg_id", "bigint", (c) =>
      c.notNull().references("messages.msg_id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("favourites_user_message", ["user_id", "msg_id"])
    .execute();
  // My favourites, newest first, by page.
  await db.schema
    .createIndex("favourites_user")
    .on("favourites")
    .columns(["user_id", "favourite_id"])
    .execute();
  // A message withdrawn or deleted takes its favourites with it.
  await db.schema
    .createIndex("favourites_message")
    .on("favourites")
    .column("msg_id")
    .execute();
}
