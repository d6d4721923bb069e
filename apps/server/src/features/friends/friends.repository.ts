import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

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
  const rows = await db
    .selectFrom("friends")
    .select("friend_user_id")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => row.friend_user_id);
}

/** Friend nicknames the user gave, by friend id. */
export async function listNicknames(
  db: Db,
  userId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("friends")
    .select(["friend_user_id", "nickname"])
    .where("user_id", "=", userId)
    .where("nickname", "!=", "")
    .execute();
  return new Map(rows.map((r) => [r.friend_user_id, r.nickname]));
}

/** The friends table, bound to a database. */
export function friendsRepository(db: Db) {
  return bindRepository(db, { countFriendLinks, listFriendIds, listNicknames });
}
/** What the friends service holds of the friends table. */
export type FriendsRepository = ReturnType<typeof friendsRepository>;
