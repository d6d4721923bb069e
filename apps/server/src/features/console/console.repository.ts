import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { bindRepository } from "../../db/repository.js";
import type { UserRow, UserUpdate } from "../../db/schema.js";
import { sameAccount } from "../accounts/account-match.js";

/*
 * The console's SQL (issue 12). It reads and changes the users table the way only an
 * administrator may, and deletes an account in one transaction over every table an
 * account leaves rows in, so a deletion is never half done.
 */

/** What the user list is searched, filtered and sorted by. */
export interface UserQuery {
  keywords: string;
  status?: number | undefined;
  role?: number | undefined;
  orderBy:
    | "user_id"
    | "created_at"
    | "last_login_at"
    | "realname"
    | "account"
    | "login_count";
  descending: boolean;
}

function usersMatching(db: Db, query: UserQuery) {
  let select = db.selectFrom("users").where("deleted_at", "is", null);
  if (query.status !== undefined)
    select = select.where("status", "=", query.status);
  if (query.role !== undefined) select = select.where("role", "=", query.role);
  const words = query.keywords.trim();
  if (words !== "") {
    const pattern = containing(words.toLowerCase());
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(realname)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(account)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(name_py)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return select;
}

/** A page of users (not deleted), sorted, ties broken by id. */
export function pageUsers(
  db: Db,
  query: UserQuery,
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  const direction = query.descending ? "desc" : "asc";
  let select = usersMatching(db, query).selectAll();
  select =
    query.orderBy === "user_id"
      ? select.orderBy("user_id", direction)
      : select.orderBy(query.orderBy, direction).orderBy("user_id", direction);
  return select.limit(limit).offset(offset).execute();
}

export async function countUsers(db: Db, query: UserQuery): Promise<number> {
  const row = await usersMatching(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user who is not deleted (enabled or not). */
export function findUser(db: Db, userId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Users by id (deleted ones included: their chats still name them). */
export async function findUsers(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .where("user_id", "in", [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** Whether another account (deleted ones included: an account is never reused) has this name. */
export async function accountTakenByOther(
  db: Db,
  account: string,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("user_id")
    .where(sameAccount(account))
    .where("user_id", "!=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a user who is not deleted; answers the row after, or undefined when gone. */
export function updateUser(
  db: Db,
  userId: number,
  change: UserUpdate,
): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set(change)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** How many enabled super administrators there are. */
export async function countSuperAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("role", "=", 1)
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many groups a user owns (not disbanded). */
export async function countOwnedGroups(
  db: Db,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom("groups")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("owner_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What deleting an account took with it: whom to tell. */
export interface DeletedAccount {
  friendIds: number[];
  groupIds: number[];
}

/**
 * Deletes an account (kept as a row so its messages still name their sender, its account
 * name never reused): its friendships both ways, its friend requests, its memberships and
 * push subscriptions go, in one transaction. Undefined when it is gone or still owns a
 * group (the check is repeated inside the transaction, so a group made meanwhile holds).
 */
export function deleteAccount(
  db: Db,
  userId: number,
  now: number,
): Promise<DeletedAccount | undefined> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom("groups")
      .select("group_id")
      .where("owner_id", "=", userId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (owned) return undefined;
    const gone = await trx
      .updateTable("users")
      .set({ deleted_at: now, status: 0, updated_at: now })
      .where("user_id", "=", userId)
      .where("deleted_at", "is", null)
      .returning("user_id")
      .executeTakeFirst();
    if (!gone) return undefined;
    const friends = await trx
      .deleteFrom("friends")
      .where("user_id", "=", userId)
      .returning("friend_user_id")
      .execute();
    await trx
      .deleteFrom("friends")
      .where("friend_user_id", "=", userId)
      .execute();
    await trx
      .deleteFrom("friend_applications")
      .where((eb) =>
        eb.or([eb("from_user_id", "=", userId), eb("to_user_id", "=", userId)]),
      )
      .execute();
    const groups = await trx
      .deleteFrom("group_members")
      .where("user_id", "=", userId)
      .returning("group_id")
      .execute();
    await trx
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", userId)
      .execute();
    return {
      friendIds: friends.map((row) => row.friend_user_id),
      groupIds: groups.map((row) => row.group_id),
    };
  });
}

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

/** Stores a new invitation code. */
export async function insertInvite(
  db: Db,
  invite: {
    code: string;
    created_by: number;
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db.insertInto("invite_codes").values(invite).execute();
}

/** Whether an invitation code exists and is still valid at `now`. */
export async function inviteValid(
  db: Db,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("invite_codes")
    .select("code")
    .where("code", "=", code)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

export function consoleRepository(db: Db) {
  return bindRepository(db, {
    pageUsers,
    countUsers,
    findUser,
    findUsers,
    accountTakenByOther,
    updateUser,
    countSuperAdmins,
    countOwnedGroups,
    deleteAccount,
    pageGroups,
    countGroups,
    totals,
    dailyFigures,
    insertInvite,
    inviteValid,
  });
}
/** What the console services hold of the database. */
export type ConsoleRepository = ReturnType<typeof consoleRepository>;
