import { type Kysely, sql } from "kysely";

/*
 * Frozen once landed. Issue 9: a session remembers how it was opened (a login code proves
 * the mailbox, so such a session may set a new password: the forgotten-password path); one
 * waiting request per applicant and addressee, so repeated
 * or parallel applications never pile up (the database refuses the second); the requests I
 * received page newest first by index (those I sent already do).
 */

// The migration must not depend on the app's evolving schema types.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("login_method", "varchar(16)", (c) =>
      c.notNull().defaultTo("password"),
    )
    .execute();
  await db.schema
    .createIndex("friend_applications_waiting")
    .on("friend_applications")
    .columns(["from_user_id", "to_user_id"])
    .unique()
    .where(sql.ref("status"), "=", 2)
    .execute();
  await db.schema
    .createIndex("friend_applications_to_time")
    .on("friend_applications")
    .columns(["to_user_id", "created_at", "application_id"])
    .execute();
  // Who has me as a friend: the other direction of the primary key.
  await db.schema
    .createIndex("friends_by_friend")
    .on("friends")
    .columns(["friend_user_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("friends_by_friend").execute();
  await db.schema.dropIndex("friend_applications_to_time").execute();
  await db.schema.dropIndex("friend_applications_waiting").execute();
  await db.schema.alterTable("sessions").dropColumn("login_method").execute();
}
