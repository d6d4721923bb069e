import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Database } from "../../db/schema.js";

/** A friend request row as the list answers it, with both people's names. */
export interface RequestRow {
  application_id: number;
  from_user_id: number;
  to_user_id: number;
  remark: string;
  status: number;
  created_at: number;
  updated_at: number;
}

/** How many of the two directions of a friendship exist (2 means both have the other). */
export async function countFriendLinks(
  db: Db,
  a: number,
  b: number,
): Promise<number> {
  const rows = await db
    .selectFrom("friends")
    .select("user_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("friend_user_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("friend_user_id", "=", a)]),
      ]),
    )
    .execute();
  return rows.length;
}

/** The ids of a user's friends. */
export async function listFriendIds(db: Db, userId: number): Promise<number[]> {
  const rows = await friendIdsOf(db, userId);
  return rows.map((row) => row.friend_user_id);
}

// Asked at every socket's bind (presence's audience): built once (issue 49).
const friendIdsOf = compiledOnce((db, userId) =>
  db
    .selectFrom("friends")
    .select("friend_user_id")
    .where("user_id", "=", userId),
);

/** How many friends a user has. */
export async function countFriends(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("friends")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

const nicknames = compiledOnce((db, userId) =>
  db
    .selectFrom("friends")
    .select(["friend_user_id", "nickname"])
    .where("user_id", "=", userId)
    .where("nickname", "!=", ""),
);

/** A user's active friends with their nicknames, by id (the statement; tested for its plan). */
export function friendEntriesQuery(db: Kysely<Database>, userId: number) {
  return (
    db
      .selectFrom("friends as f")
      .innerJoin("users as u", "u.user_id", "f.friend_user_id")
      .select([
        "u.user_id",
        "u.account",
        "u.realname",
        "u.avatar",
        "u.name_py",
        "u.is_bot",
        "f.nickname",
      ])
      .where("f.user_id", "=", userId)
      .where("u.status", "=", 1)
      .where("u.deleted_at", "is", null)
      // By the friends' key, the same order as the users' ids: SQLite then reads the user's
      // friends and looks each one up, where ordering by u.user_id made it walk every
      // active user in id order and probe the friends of each (O(users), not O(friends)).
      .orderBy("f.friend_user_id")
  );
}

const friendEntries = compiledOnce((db, userId: never) =>
  friendEntriesQuery(db, userId),
);

/**
 * A user's active friends as directory entries, each with the nickname the user gave them
 * ("" when none), in id order: run mode 2's contact list in one statement (it was three:
 * the friend ids, their directory entries, the nicknames; issue 14).
 */
export function listFriendEntries(db: Db, userId: number) {
  return friendEntries(db, userId);
}

/** A friend as run mode 2's contact list shows them. */
export type FriendEntry = Awaited<ReturnType<typeof listFriendEntries>>[number];

/** Friend nicknames the user gave, by friend id (on every contact list: compiled once). */
export async function listNicknames(
  db: Db,
  userId: number,
): Promise<Map<number, string>> {
  const rows = await nicknames(db, userId);
  return new Map(rows.map((r) => [r.friend_user_id, r.nickname]));
}

/** My friend rows among these people: their nicknames, by friend id. */
export async function listLinksAmong(
  db: Db,
  userId: number,
  others: readonly number[],
): Promise<Map<number, string>> {
  if (others.length === 0) return new Map();
  const rows = await db
    .selectFrom("friends")
    .select(["friend_user_id", "nickname"])
    .where("user_id", "=", userId)
    .where("friend_user_id", "in", others)
    .execute();
  return new Map(rows.map((r) => [r.friend_user_id, r.nickname]));
}

/** The addressees among these people I have a waiting request to. */
export async function listWaitingTo(
  db: Db,
  fromUserId: number,
  others: readonly number[],
): Promise<Set<number>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom("friend_applications")
    .select("to_user_id")
    .where("from_user_id", "=", fromUserId)
    .where("to_user_id", "in", others)
    .where("status", "=", 2)
    .execute();
  return new Set(rows.map((r) => r.to_user_id));
}

/** The waiting request from one user to another, if any. */
export async function findWaiting(
  db: Db,
  fromUserId: number,
  toUserId: number,
): Promise<RequestRow | undefined> {
  return db
    .selectFrom("friend_applications")
    .selectAll()
    .where("from_user_id", "=", fromUserId)
    .where("to_user_id", "=", toUserId)
    .where("status", "=", 2)
    .executeTakeFirst();
}

/** When the addressee last declined a request of this applicant (ms), or null. */
export async function lastRefusal(
  db: Db,
  fromUserId: number,
  toUserId: number,
): Promise<number | null> {
  // Read along the applicant's own requests (friend_applications_from).
  const row = await db
    .selectFrom("friend_applications")
    .select("updated_at")
    .where("from_user_id", "=", fromUserId)
    .where("to_user_id", "=", toUserId)
    .where("status", "=", 0)
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? row.updated_at : null;
}

/**
 * Files a waiting request; false when one from the same applicant to the same addressee
 * is already waiting (the unique index decides, so parallel requests cannot both land).
 */
export async function insertRequest(
  db: Db,
  request: { from: number; to: number; remark: string; now: number },
): Promise<boolean> {
  try {
    await db
      .insertInto("friend_applications")
      .values({
        from_user_id: request.from,
        to_user_id: request.to,
        remark: request.remark,
        status: 2,
        created_at: request.now,
        updated_at: request.now,
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Answers a waiting request addressed to `toUserId`; on agreement both people become each
 * other's friends, in the same transaction. Null when no such request waits (missing,
 * someone else's, or already answered): the row changes only from waiting.
 */
export async function answerRequest(
  db: Db,
  requestId: number,
  toUserId: number,
  agree: boolean,
  now: number,
): Promise<RequestRow | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("friend_applications")
      .set({ status: agree ? 1 : 0, updated_at: now })
      .where("application_id", "=", requestId)
      .where("to_user_id", "=", toUserId)
      .where("status", "=", 2)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    if (agree) await linkFriends(trx, row.from_user_id, row.to_user_id, now);
    return row;
  });
}

/**
 * Makes two people each other's friends (keeping a nickname either already gave), and
 * closes any request still waiting between them as agreed.
 */
export async function befriend(
  db: Db,
  a: number,
  b: number,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await linkFriends(trx, a, b, now);
  });
}

async function linkFriends(
  db: Db,
  a: number,
  b: number,
  now: number,
): Promise<void> {
  await db
    .insertInto("friends")
    .values([
      { user_id: a, friend_user_id: b, created_at: now },
      { user_id: b, friend_user_id: a, created_at: now },
    ])
    .onConflict((oc) => oc.columns(["user_id", "friend_user_id"]).doNothing())
    .execute();
  // One statement per direction: SQLite's planner fails on an OR over the partial index
  // of waiting requests in an UPDATE of its own column.
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    await db
      .updateTable("friend_applications")
      .set({ status: 1, updated_at: now })
      .where("from_user_id", "=", from)
      .where("to_user_id", "=", to)
      .where("status", "=", 2)
      .execute();
  }
}

/** Ends a friendship both ways; false when there was none. */
export async function unfriend(db: Db, a: number, b: number): Promise<boolean> {
  const result = await db
    .deleteFrom("friends")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("friend_user_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("friend_user_id", "=", a)]),
      ]),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Sets the nickname I give a friend; false when they are not my friend. */
export async function updateNickname(
  db: Db,
  userId: number,
  friendId: number,
  nickname: string,
): Promise<boolean> {
  const result = await db
    .updateTable("friends")
    .set({ nickname })
    .where("user_id", "=", userId)
    .where("friend_user_id", "=", friendId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One page of the requests I received (`mine` false) or sent, newest first, and the total. */
export async function listRequests(
  db: Db,
  userId: number,
  mine: boolean,
  page: number,
  limit: number,
): Promise<{ rows: RequestRow[]; count: number }> {
  const column = mine ? "from_user_id" : "to_user_id";
  const [rows, total] = await Promise.all([
    db
      .selectFrom("friend_applications")
      .selectAll()
      .where(column, "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("application_id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom("friend_applications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.n };
}

const waiting = compiledOnce((db, userId) =>
  db
    .selectFrom("friend_applications")
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.max<number | null>("created_at").as("newest"),
    ])
    .where("to_user_id", "=", userId)
    .where("status", "=", 2),
);

/**
 * How many requests wait for my answer, and when the newest came (ms, 0 when none); on
 * every contact list, so compiled once.
 */
export async function waitingForMe(
  db: Db,
  userId: number,
): Promise<{ count: number; newest: number }> {
  const [row] = await waiting(db, userId);
  return { count: row?.n ?? 0, newest: row?.newest ?? 0 };
}

/** Links every pair both ways, in batches; pairs already friends stay as they are. */
async function linkPairs(
  db: Db,
  pairs: readonly (readonly [number, number])[],
  now: number,
): Promise<void> {
  const BATCH = 400;
  for (let i = 0; i < pairs.length; i += BATCH) {
    const rows = pairs.slice(i, i + BATCH).flatMap(([a, b]) => [
      { user_id: a, friend_user_id: b, created_at: now },
      { user_id: b, friend_user_id: a, created_at: now },
    ]);
    await db
      .insertInto("friends")
      .values(rows)
      .onConflict((oc) => oc.columns(["user_id", "friend_user_id"]).doNothing())
      .execute();
  }
}

/** The friends tables, bound to a database. */
export function friendsRepository(db: Db) {
  return bindRepository(db, {
    linkPairs,
    countFriendLinks,
    listFriendIds,
    listFriendEntries,
    countFriends,
    listNicknames,
    listLinksAmong,
    listWaitingTo,
    findWaiting,
    lastRefusal,
    insertRequest,
    answerRequest,
    befriend,
    unfriend,
    updateNickname,
    listRequests,
    waitingForMe,
  });
}
/** What the friends service holds of the friends tables. */
export type FriendsRepository = ReturnType<typeof friendsRepository>;
