import type { Db } from "../../db/database.js";

/*
 * What a deleted account leaves in the groups feature's tables, gone inside the deletion's
 * own transaction (the accounts feature's AccountErasure port; app.ts wires it).
 */

/** Whether a user owns a live group (checked again inside the deletion). */
export async function ownsLiveGroup(trx: Db, userId: number): Promise<boolean> {
  const owned = await trx
    .selectFrom("groups")
    .select("group_id")
    .where("owner_id", "=", userId)
    .where("status", "=", 1)
    .executeTakeFirst();
  return owned !== undefined;
}

/** Takes a user out of every group; answers the groups they were in. */
export async function eraseMemberships(
  trx: Db,
  userId: number,
): Promise<number[]> {
  const rows = await trx
    .deleteFrom("group_members")
    .where("user_id", "=", userId)
    .returning("group_id")
    .execute();
  return rows.map((row) => row.group_id);
}
