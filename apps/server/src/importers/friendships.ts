import type { Db } from "../db/database.js";
import type { Tally } from "./tally.js";

/** Two people as friends, each with the remark they gave the other. */
export async function storeFriendship(
  db: Db,
  tally: Tally,
  {
    a,
    b,
    since,
    nicknames,
  }: {
    a: number;
    b: number;
    since: number;
    nicknames: { a?: string | undefined; b?: string | undefined };
  },
): Promise<void> {
  if (a === b) {
    tally.skipped("friends", "a user befriending themselves");
    return;
  }
  const added = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (const [user, friend, nickname] of [
      [a, b, nicknames.a],
      [b, a, nicknames.b],
    ] as const) {
      const result = await trx
        .insertInto("friends")
        .values({
          user_id: user,
          friend_user_id: friend,
          nickname: nickname ?? "",
          created_at: since,
        })
        .onConflict((oc) =>
          oc.columns(["user_id", "friend_user_id"]).doNothing(),
        )
        .executeTakeFirst();
      count += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return count;
  });
  if (added > 0) tally.stored("friends");
  else tally.skipped("friends", "imported before");
}
