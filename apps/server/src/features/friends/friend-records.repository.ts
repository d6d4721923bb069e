import type { Db } from "../../db/database.js";

/*
 * What a deleted account leaves in the friends feature's tables, gone inside the deletion's
 * own transaction (the accounts feature's AccountErasure port; app.ts wires it).
 */

/** Ends a user's friendships both ways and their requests; answers their friends. */
export async function eraseFriendships(
  trx: Db,
  userId: number,
): Promise<number[]> {
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
  return friends.map((row) => row.friend_user_id);
}
