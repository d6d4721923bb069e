import { type Kysely, sql } from "kysely";

/*
 * Frozen once landed. Issue 7: a session opened from another session's token remembers its
 * source (it ends no later than the source, and with it); accounts are unique whatever
 * their letter case; and presence finds, by index, who has a chat with a user.
 */

// The migration must not depend on the app's evolving schema types.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("parent_session_id", "bigint")
    .execute();
  await db.schema
    .createIndex("sessions_parent")
    .on("sessions")
    .column("parent_session_id")
    .execute();
  // Two accounts differing only in case would be one person to a reader: one may exist.
  await db.schema
    .createIndex("users_account_lower")
    .on("users")
    .unique()
    .expression(sql`lower(account)`)
    .execute();
  // Presence goes to the users who list a chat with the one coming online.
  await db.schema
    .createIndex("user_conversations_by_peer")
    .on("user_conversations")
    .columns(["peer_id", "is_group", "user_id"])
    .execute();
}
