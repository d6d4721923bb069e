import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 48 (extensions.md §9): bot accounts. A bot is a user with
 * `is_bot` 1 (no password, never the console, never a group's owner), made by an
 * administrator (`bot_owner_id`, who answers for it; null once that account is gone). Its
 * token is a session of its own (`login_method` "bot") that lasts until revoked.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("is_bot", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("bot_owner_id", "bigint", (c) =>
      c.references("users.user_id").onDelete("set null"),
    )
    .execute();
  await db.schema
    .createIndex("users_bots")
    .on("users")
    .columns(["is_bot", "user_id"])
    .execute();
}
