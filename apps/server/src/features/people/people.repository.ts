import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { bindRepository } from "../../db/repository.js";
import { sameAccount } from "../accounts/account-match.js";

/** The columns a person is shown with (search, the picker, friend requests). */
const PERSON = [
  "user_id",
  "account",
  "realname",
  "avatar",
  "name_py",
  "motto",
] as const;

/**
 * Active people other than `me` whose account is `keywords` (any case) or whose name or
 * pinyin contains them; the exact account first, then by id; at most `limit`.
 */
export function searchPeople(
  db: Db,
  me: number,
  keywords: string,
  limit: number,
) {
  const pattern = containing(keywords.toLowerCase());
  return db
    .selectFrom("users")
    .select(PERSON)
    .select(
      sql<number>`case when lower(account) = lower(${keywords}) then 0 else 1 end`.as(
        "rank",
      ),
    )
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .where("user_id", "!=", me)
    .where((eb) =>
      eb.or([
        sameAccount(keywords)(eb),
        eb(sql`lower(realname)`, "like", sql`${pattern} escape '\\'`),
        eb("name_py", "like", sql<string>`${pattern} escape '\\'`),
      ]),
    )
    .orderBy("rank")
    .orderBy("user_id")
    .limit(limit)
    .execute();
}

/** A page of active people other than `me`, by id; only those matching `keywords` if given. */
export function pagePeople(
  db: Db,
  me: number,
  page: number,
  limit: number,
  keywords: string,
) {
  let query = db
    .selectFrom("users")
    .select(["user_id", "realname", "avatar"])
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .where("user_id", "!=", me);
  if (keywords !== "") {
    const pattern = containing(keywords.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(account)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(realname)`, "like", sql`${pattern} escape '\\'`),
        eb("name_py", "like", sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query
    .orderBy("user_id")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

/** People by id, whatever their state (a request lists its people even once disabled). */
export async function listPeople(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("users")
    .select(PERSON)
    .where("user_id", "in", ids)
    .execute();
}

/** An active user's card fields. */
export function findCard(db: Db, userId: number) {
  return db
    .selectFrom("users")
    .select([
      ...PERSON,
      "email",
      "sex",
      "is_auth",
      "last_login_ip",
      "role",
      "is_bot",
    ])
    .where("user_id", "=", userId)
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** What changing a password or an account checks against. */
export function findCredentials(db: Db, userId: number) {
  return db
    .selectFrom("users")
    .select(["user_id", "account", "password_hash", "is_auth", "avatar"])
    .where("user_id", "=", userId)
    .where("status", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Whether any user (of any state) holds this account, in any letter case. */
export async function accountHeld(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("user_id")
    .where(sameAccount(account))
    .executeTakeFirst();
  return row !== undefined;
}

/** The users table as the people feature reads it (accounts writes it: profile.repository). */
export function peopleRepository(db: Db) {
  return bindRepository(db, {
    searchPeople,
    pagePeople,
    listPeople,
    findCard,
    findCredentials,
    accountHeld,
  });
}
/** What the people service holds of the users table. */
export type PeopleRepository = ReturnType<typeof peopleRepository>;
/** A person as search and the picker read them. */
export type PersonRow = Awaited<ReturnType<typeof listPeople>>[number];
