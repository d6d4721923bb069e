import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 11: Web Push. One row per device that asked for pushes: the
 * push service's address (unique: a device re-subscribing replaces its row) and the keys
 * the payload is encrypted to. The server's own VAPID key pair lives in `config`.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("subscription_id", key.type, key.build)
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("endpoint", "varchar(2048)", (c) => c.notNull().unique())
    .addColumn("p256dh", "varchar(128)", (c) => c.notNull())
    .addColumn("auth", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // A message's offline receivers: their devices, by user.
  await db.schema
    .createIndex("push_subscriptions_user")
    .on("push_subscriptions")
    .columns(["user_id", "subscription_id"])
    .execute();
}
