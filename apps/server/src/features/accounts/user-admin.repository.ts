import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { bindRepository } from "../../db/repository.js";
import type { NewUser, UserRow, UserUpdate } from "../../db/schema.js";
import { sameAccount } from "./account-match.js";

/*
 * User administration's SQL (the console's users page, issue 12): the users table read and
 * changed the way only an administrator may, and an account's deletion in one transaction.
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

/** Which of these accounts are taken (deleted ones too), lower-cased. */
export async function takenAccounts(
  db: Db,
  accounts: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let at = 0; at < accounts.length; at += 500) {
    const chunk = accounts.slice(at, at + 500);
    if (chunk.length === 0) break;
    const rows = await db
      .selectFrom("users")
      .select(sql<string>`lower(account)`.as("account"))
      .where(
        sql`lower(account)`,
        "in",
        chunk.map((account) => sql<string>`lower(${account})`),
      )
      .execute();
    for (const row of rows) taken.add(row.account);
  }
  return taken;
}

/** New users, all in one transaction (none when one fails); their rows, in order. */
export async function insertUsers(
  db: Db,
  users: readonly NewUser[],
): Promise<UserRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows: UserRow[] = [];
    for (let at = 0; at < users.length; at += 100)
      rows.push(
        ...(await trx
          .insertInto("users")
          .values(users.slice(at, at + 100))
          .returningAll()
          .execute()),
      );
    return rows;
  });
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

/** What deleting an account took with it: whom to tell. */
export interface DeletedAccount {
  friendIds: number[];
  groupIds: number[];
}

/**
 * What an account leaves in other features' tables, each gone inside the deletion's
 * transaction by the feature that owns it (app.ts wires them): friendships and requests,
 * memberships, push subscriptions; and whether it still owns a live group.
 */
export interface AccountErasure {
  ownsLiveGroup(trx: Db, userId: number): Promise<boolean>;
  eraseFriendships(trx: Db, userId: number): Promise<number[]>;
  eraseMemberships(trx: Db, userId: number): Promise<number[]>;
  eraseSubscriptions(trx: Db, userId: number): Promise<void>;
}

/**
 * Deletes an account (kept as a row so its messages still name their sender, its account
 * name never reused): its friendships both ways, its friend requests, its memberships and
 * push subscriptions go, in one transaction. Undefined when it is gone or still owns a
 * group (the check is repeated inside the transaction, so a group made meanwhile holds).
 */
export function eraseAccount(
  db: Db,
  erasure: AccountErasure,
  userId: number,
  now: number,
): Promise<DeletedAccount | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await erasure.ownsLiveGroup(trx, userId)) return undefined;
    const gone = await trx
      .updateTable("users")
      .set({ deleted_at: now, status: 0, updated_at: now })
      .where("user_id", "=", userId)
      .where("deleted_at", "is", null)
      .returning("user_id")
      .executeTakeFirst();
    if (!gone) return undefined;
    const friendIds = await erasure.eraseFriendships(trx, userId);
    const groupIds = await erasure.eraseMemberships(trx, userId);
    await erasure.eraseSubscriptions(trx, userId);
    return { friendIds, groupIds };
  });
}

/** User administration's SQL bound to the database; `erasure` is the other features'. */
export function userAdminRepository(db: Db, erasure: AccountErasure) {
  return {
    ...bindRepository(db, {
      pageUsers,
      countUsers,
      findUser,
      findUsers,
      accountTakenByOther,
      takenAccounts,
      insertUsers,
      updateUser,
      countSuperAdmins,
    }),
    eraseAccount: (userId: number, now: number) =>
      eraseAccount(db, erasure, userId, now),
  };
}
/** What user administration holds of the users table. */
export type UserAdminRepository = ReturnType<typeof userAdminRepository>;
