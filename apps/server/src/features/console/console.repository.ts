import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { bindRepository } from "../../db/repository.js";

/*
 * The console's SQL (issue 12): its group list and the home's figures. Users and
 * invitations are the accounts feature's (user-admin.repository.ts, invitations.repository.ts).
 */

/** What the group list is searched and sorted by. */
export interface GroupQuery {
  keywords: string;
  orderBy: "group_id" | "created_at" | "name";
  descending: boolean;
}

function groupsMatching(db: Db, query: GroupQuery) {
  let select = db.selectFrom("groups as g").where("g.status", "=", 1);
  const words = query.keywords.trim();
  if (words !== "") {
    const pattern = containing(words.toLowerCase());
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(g.name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(g.name_py)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return select;
}

/** A page of live groups with their owner and member count (counted by index, per row of the page). */
export function pageGroups(
  db: Db,
  query: GroupQuery,
  offset: number,
  limit: number,
) {
  const direction = query.descending ? "desc" : "asc";
  let select = groupsMatching(db, query)
    .innerJoin("users as o", "o.user_id", "g.owner_id")
    .select((eb) => [
      "g.group_id",
      "g.name",
      "g.name_py",
      "g.avatar",
      "g.owner_id",
      "g.notice",
      "g.setting",
      "g.created_at",
      "o.realname as owner_realname",
      "o.account as owner_account",
      "o.avatar as owner_avatar",
      eb
        .selectFrom("group_members as gm")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("gm.group_id", "=", "g.group_id")
        .as("members"),
    ]);
  select =
    query.orderBy === "group_id"
      ? select.orderBy("g.group_id", direction)
      : select
          .orderBy(`g.${query.orderBy}`, direction)
          .orderBy("g.group_id", direction);
  return select.limit(limit).offset(offset).execute();
}
/** One group of the console's list. */
export type ConsoleGroupRow = Awaited<ReturnType<typeof pageGroups>>[number];

export async function countGroups(db: Db, query: GroupQuery): Promise<number> {
  const row = await groupsMatching(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows of a table, counted (the console's totals). */
async function countRows(
  db: Db,
  table: "users" | "groups" | "messages" | "files",
): Promise<number> {
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (table === "users" || table === "groups")
    query = query.where("deleted_at", "is", null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The console home's totals. */
export async function totals(db: Db) {
  const [users, groups, messages, files] = await Promise.all([
    countRows(db, "users"),
    countRows(db, "groups"),
    countRows(db, "messages"),
    countRows(db, "files"),
  ]);
  const stored = await db
    .selectFrom("blobs")
    .select((eb) => eb.fn.sum<number | string | null>("size").as("bytes"))
    .executeTakeFirstOrThrow();
  return {
    users,
    groups,
    messages,
    files,
    storageBytes: Number(stored.bytes ?? 0),
  };
}

/**
 * Messages and registrations since `from` (ms), by UTC day, through the creation-time
 * indexes: only the rows of the period are read.
 */
export async function dailyFigures(
  db: Db,
  from: number,
): Promise<{ messages: Map<number, number>; users: Map<number, number> }> {
  const day = 86_400_000;
  // A literal, not a parameter: PostgreSQL matches the grouped expression by its text.
  const bucket = sql<number>`(created_at / ${sql.lit(day)})`;
  const [messages, users] = await Promise.all([
    db
      .selectFrom("messages")
      .select([
        bucket.as("day"),
        (eb) => eb.fn.countAll<number | string>().as("n"),
      ])
      .where("created_at", ">=", from)
      .groupBy(bucket)
      .execute(),
    db
      .selectFrom("users")
      .select([
        bucket.as("day"),
        (eb) => eb.fn.countAll<number | string>().as("n"),
      ])
      .where("created_at", ">=", from)
      .where("deleted_at", "is", null)
      .groupBy(bucket)
      .execute(),
  ]);
  const byDay = (rows: { day: number | string; n: number | string }[]) =>
    new Map(rows.map((row) => [Math.floor(Number(row.day)), Number(row.n)]));
  return { messages: byDay(messages), users: byDay(users) };
}

export function consoleRepository(db: Db) {
  return bindRepository(db, {
    pageGroups,
    countGroups,
    totals,
    dailyFigures,
  });
}
/** What the console services hold of the database. */
export type ConsoleRepository = ReturnType<typeof consoleRepository>;
