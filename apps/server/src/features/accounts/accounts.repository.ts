import { compiledOnce, compiledPerLength } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import { sameAccount } from "./account-match.js";
import type { NewUser, UserRow } from "../../db/schema.js";

/** What other features see of an active user: enough to show them and check their role. */
export type ActiveUser = Pick<
  UserRow,
  | "user_id"
  | "realname"
  | "account"
  | "avatar"
  | "name_py"
  | "role"
  | "group_limit"
  | "friend_limit"
  | "lang"
  | "is_bot"
>;

export function findUserByAccount(
  db: Db,
  account: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sameAccount(account))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Undeleted users whose mail is this address (any case). */
export function findUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("deleted_at", "is", null)
    .limit(2)
    .execute();
}

export function findUserById(
  db: Db,
  userId: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

const activeUser = compiledOnce((db, userId) =>
  db
    .selectFrom("users")
    .select([
      "user_id",
      "realname",
      "account",
      "avatar",
      "name_py",
      "role",
      "group_limit",
      "friend_limit",
      "lang",
      "is_bot",
    ])
    .where("user_id", "=", userId)
    .where("status", "=", 1)
    .where("deleted_at", "is", null),
);

/** An active (enabled, not deleted) user, or undefined (on most calls: compiled once). */
export async function findActiveUser(
  db: Db,
  userId: number,
): Promise<ActiveUser | undefined> {
  const [user] = await activeUser(db, userId);
  return user;
}

/**
 * What lists of people show of each: never an email or a last address (issue 9), so they
 * are not read (issue 14: each text column read costs every row of every contact list).
 */
const directoryQuery = (db: Db, exceptUserId: never) =>
  db
    .selectFrom("users")
    .select(["user_id", "account", "realname", "avatar", "name_py", "is_bot"])
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .where("user_id", "!=", exceptUserId);
// Run mode 1's contact list asks for it on every load: compiled once.
const everyoneBut = compiledOnce((db, exceptUserId) =>
  directoryQuery(db, exceptUserId).orderBy("user_id"),
);

/**
 * Every active user but one, in id order; only those in `onlyIds` when it is given (run
 * mode 2: the user's friends).
 */
export function listDirectory(
  db: Db,
  exceptUserId: number,
  onlyIds: readonly number[] | null,
) {
  if (onlyIds === null) return everyoneBut(db, exceptUserId);
  if (onlyIds.length === 0) return Promise.resolve([]);
  return some(db, onlyIds, exceptUserId);
}
// A page's senders, a friend list: compiled once per number of ids.
const some = compiledPerLength((db, onlyIds, exceptUserId) =>
  directoryQuery(db, exceptUserId)
    .where("user_id", "in", onlyIds)
    .orderBy("user_id"),
);
/** One entry of the directory. */
export type DirectoryEntry = Awaited<ReturnType<typeof listDirectory>>[number];

export async function accountExists(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("user_id")
    .where(sameAccount(account))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db
    .insertInto("users")
    .values(user)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", ">", 0)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function updateUserSetting(
  db: Db,
  userId: number,
  setting: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ setting, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/** Stores a user's interface language. */
export async function updateUserLang(
  db: Db,
  userId: number,
  lang: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ lang, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Replaces an imported password hash with its argon2id remake, unless the password changed
 * meanwhile (issue 47: Raingad's hashes, rehashed at the first login).
 */
export async function rehashPassword(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: to })
    .where("user_id", "=", userId)
    .where("password_hash", "=", from)
    .execute();
}

/** The users table, bound to a database. */
export function usersRepository(db: Db) {
  return bindRepository(db, {
    findUserByAccount,
    findUserById,
    findUsersByEmail,
    findActiveUser,
    listDirectory,
    accountExists,
    insertUser,
    countAdmins,
    updateUserSetting,
    updateUserLang,
    rehashPassword,
  });
}
/** What the accounts services hold of the users table. */
export type UsersRepository = ReturnType<typeof usersRepository>;
