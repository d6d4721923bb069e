import type { Db } from "../../db/database.js";

/*
 * What a deleted account leaves in the push feature's table, gone inside the deletion's
 * own transaction (the accounts feature's AccountErasure port; app.ts wires it).
 */

/** Forgets every browser a user asked for Web Push in. */
export async function eraseSubscriptions(
  trx: Db,
  userId: number,
): Promise<void> {
  await trx
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .execute();
}
