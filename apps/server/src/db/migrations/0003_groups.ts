import type { Kysely } from "kysely";

/*
 * Frozen once landed. Issue 8: a member remembers where the group's history stood when they
 * joined (with history "0" they read only what came after), members list by role without a
 * sort of the whole group, and read receipts count read positions by index.
 */

// The migration must not depend on the app's evolving schema types.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("group_members")
    .addColumn("joined_seq", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("group_members_by_role")
    .on("group_members")
    .columns(["group_id", "role", "user_id"])
    .execute();
  // Read receipts: how many members' read positions reach a message.
  await db.schema
    .createIndex("user_conversations_readers")
    .on("user_conversations")
    .columns(["conversation_id", "last_read_seq"])
    .execute();
  // Groups a user owns, counted against their group_limit.
  await db.schema
    .createIndex("groups_owner")
    .on("groups")
    .columns(["owner_id", "status"])
    .execute();
}
