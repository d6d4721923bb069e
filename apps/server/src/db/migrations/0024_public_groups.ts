import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 45: a group may be public (listed in the directory for anyone
 * to join): `is_public` mirrors its setting's `public` switch so the directory is one
 * range of an index; `description` says what the group is for.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("groups")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("groups")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("groups_public")
    .on("groups")
    .columns(["is_public", "status", "group_id"])
    .execute();
}
