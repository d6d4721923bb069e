import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 48 (extensions.md §9): a group's webhooks. An incoming hook is
 * found by its secret (kept as its SHA-256: the secret is the URL `/hooks/<secret>`) and
 * posts as its bot, a bot account made with it and a member of the group. Its last
 * deliveries are kept for the group's settings (`hook_deliveries`, trimmed to the newest).
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("hooks")
    .addColumn("hook_id", key.type, key.build)
    .addColumn("group_id", "bigint", (c) =>
      c.notNull().references("groups.group_id").onDelete("cascade"),
    )
    // "incoming" (outgoing hooks come with a later slice).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("bot_user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("created_by", "bigint", (c) =>
      c.references("users.user_id").onDelete("set null"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hooks_by_group")
    .on("hooks")
    .columns(["group_id", "hook_id"])
    .execute();
  await db.schema
    .createTable("hook_deliveries")
    .addColumn("delivery_id", key.type, key.build)
    .addColumn("hook_id", "bigint", (c) =>
      c.notNull().references("hooks.hook_id").onDelete("cascade"),
    )
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("ok", "integer", (c) => c.notNull())
    // What happened, for the group's managers: "posted", or why not.
    .addColumn("detail", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hook_deliveries_by_hook")
    .on("hook_deliveries")
    .columns(["hook_id", "delivery_id"])
    .execute();
}
