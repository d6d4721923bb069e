import { type Kysely, sql } from "kysely";

/*
 * Frozen once landed. Issue 7: a session opened from another session's token remembers its
 * source (it ends no later than the source, and with it), and accounts are unique whatever
 * their letter case.
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
}
