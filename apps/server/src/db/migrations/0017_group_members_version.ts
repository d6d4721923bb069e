import { sql } from "kysely";
import { type AnyDb, isPostgres } from "./dialect.js";

/*
 * Frozen once landed. Issue 14: a group's `members_version` changes with every change to
 * who its members are (a member in or out, by any statement of any connection: the
 * database's own triggers bump it, so no code path can forget to). A process may then keep
 * a group's member ids and use them again while the number it read with them is still the
 * group's (features/groups/member-lists.ts): a group send reads one number by the primary
 * key instead of every member.
 *
 * A role or a mute changes no id, so only inserts, deletes and a change of either id
 * count. Groups already there start at 0, which is what a process that has read nothing
 * compares with nothing.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("groups")
    .addColumn("members_version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    const { rows } = await sql<{
      schema: string;
    }>`select current_schema() as schema`.execute(db);
    const own = sql.id(rows[0]?.schema ?? "public");
    // One update per group a statement touched, not per row: adding 10,000 members in one
    // statement bumps the group once (statement triggers with transition tables).
    await sql`create function ${own}.group_members_bump() returns trigger
      language plpgsql as $fn$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          update ${own}.groups set members_version = members_version + 1
            where group_id in (select distinct group_id from added);
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update ${own}.groups set members_version = members_version + 1
            where group_id in (select distinct group_id from removed);
        end if;
        return null;
      end;
      $fn$`.execute(db);
    await sql`create trigger group_members_inserted after insert on group_members
      referencing new table as added
      for each statement execute function ${own}.group_members_bump()`.execute(
      db,
    );
    await sql`create trigger group_members_deleted after delete on group_members
      referencing old table as removed
      for each statement execute function ${own}.group_members_bump()`.execute(
      db,
    );
    // Transition tables allow no column list: every update counts (a role change too,
    // which costs a member list read again, no more).
    await sql`create trigger group_members_updated after update on group_members
      referencing old table as removed new table as added
      for each statement execute function ${own}.group_members_bump()`.execute(
      db,
    );
    return;
  }

  await sql`create trigger group_members_inserted after insert on group_members
    begin
      update groups set members_version = members_version + 1
        where group_id = new.group_id;
    end`.execute(db);
  await sql`create trigger group_members_deleted after delete on group_members
    begin
      update groups set members_version = members_version + 1
        where group_id = old.group_id;
    end`.execute(db);
  await sql`create trigger group_members_updated
    after update of group_id, user_id on group_members
    begin
      update groups set members_version = members_version + 1
        where group_id in (old.group_id, new.group_id);
    end`.execute(db);
}
