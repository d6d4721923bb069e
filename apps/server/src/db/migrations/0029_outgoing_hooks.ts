import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 48 (extensions.md §9): outgoing hooks and slash commands.
 *
 * An outgoing hook keeps the address it POSTs to, its trigger words (lower case,
 * comma-separated), the `token` its POSTs carry, and its HMAC key sealed with the
 * installation's secret (the key must be used, so it cannot be kept hashed). A POST waits
 * in `hook_outbox` until it is answered or its tries run out: durable, so a restart loses
 * none, and claimed by one process at a time (`claimed_until`).
 *
 * A slash command has a name, an address, a description, its token (sealed: it is sent
 * with every POST) and a bot its `in_channel` answers are posted as.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema.alterTable("hooks").addColumn("url", "text").execute();
  await db.schema.alterTable("hooks").addColumn("triggers", "text").execute();
  await db.schema.alterTable("hooks").addColumn("token", "text").execute();
  await db.schema
    .alterTable("hooks")
    .addColumn("secret_sealed", "text")
    .execute();
  await db.schema
    .createTable("hook_outbox")
    .addColumn("job_id", key.type, key.build)
    .addColumn("hook_id", "bigint", (c) =>
      c.notNull().references("hooks.hook_id").onDelete("cascade"),
    )
    // The JSON body, exactly as it is signed and sent.
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_at", "bigint", (c) => c.notNull())
    .addColumn("claimed_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hook_outbox_due")
    .on("hook_outbox")
    .columns(["next_at", "job_id"])
    .execute();
  await db.schema
    .createTable("commands")
    .addColumn("command_id", key.type, key.build)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("token_sealed", "text", (c) => c.notNull())
    .addColumn("bot_user_id", "bigint", (c) =>
      c.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("created_by", "bigint", (c) =>
      c.references("users.user_id").onDelete("set null"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}
