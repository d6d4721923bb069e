import { compiledOnce } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/** The most devices one user keeps subscribed; a new one past it replaces the oldest. */
export const MAX_DEVICES = 20;

/**
 * Keeps a device's subscription for a user: the same endpoint subscribing again is
 * replaced, never doubled; past MAX_DEVICES the user's oldest go. An endpoint another user
 * holds stays theirs (false): whoever learnt it could otherwise take over that device's
 * notifications. A device changing hands is dropped at logout and subscribed afresh.
 */
export function saveSubscription(
  db: Db,
  subscription: {
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
  },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto("push_subscriptions")
      .values({
        user_id: subscription.userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .column("endpoint")
          .doUpdateSet({
            user_id: subscription.userId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            created_at: now,
          })
          .where("push_subscriptions.user_id", "=", subscription.userId),
      )
      .executeTakeFirst();
    if (Number(saved.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const keep = await trx
      .selectFrom("push_subscriptions")
      .select("subscription_id")
      .where("user_id", "=", subscription.userId)
      .orderBy("subscription_id", "desc")
      .limit(MAX_DEVICES)
      .execute();
    await trx
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", subscription.userId)
      .where(
        "subscription_id",
        "not in",
        keep.map((row) => row.subscription_id),
      )
      .execute();
    return true;
  });
}

/** Forgets a device of a user (someone else's endpoint is left alone). */
export async function deleteSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .execute();
}

/** Forgets an endpoint the push service says is gone (404 or 410). */
export async function dropEndpoint(db: Db, endpoint: string): Promise<void> {
  await db
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", endpoint)
    .execute();
}

/** The devices of one user. */
// Read after every message sent (by a job): compiled once, as the next.
const subscriptionsOf = compiledOnce((db, userId) =>
  db
    .selectFrom("push_subscriptions")
    .select(["user_id", "endpoint", "p256dh", "auth"])
    .where("user_id", "=", userId),
);

export function listSubscriptions(db: Db, userId: number) {
  return subscriptionsOf(db, userId);
}

/**
 * The devices of a group's members, in one query: a message to a group of 10,000 costs a
 * look at who subscribed, never a look at every member.
 */
const groupSubscriptions = compiledOnce((db, groupId) =>
  db
    .selectFrom("push_subscriptions as ps")
    .innerJoin("group_members as gm", "gm.user_id", "ps.user_id")
    .select(["ps.user_id", "ps.endpoint", "ps.p256dh", "ps.auth"])
    .where("gm.group_id", "=", groupId),
);

export function listGroupSubscriptions(db: Db, groupId: number) {
  return groupSubscriptions(db, groupId);
}

/**
 * Which of these users would rather not hear of this chat: do-not-disturb on it (the
 * mentioned are told anyway, by the caller).
 */
export async function listMuted(
  db: Db,
  conversationId: string,
  userIds: readonly number[],
): Promise<Set<number>> {
  const muted = new Set<number>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom("user_conversations")
      .select("user_id")
      .where("conversation_id", "=", conversationId)
      .where("is_notice", "=", 0)
      .where("user_id", "in", userIds.slice(i, i + 500))
      .execute();
    for (const row of rows) muted.add(row.user_id);
  }
  return muted;
}

export function pushRepository(db: Db) {
  return bindRepository(db, {
    saveSubscription,
    deleteSubscription,
    dropEndpoint,
    listSubscriptions,
    listGroupSubscriptions,
    listMuted,
  });
}
export type PushRepository = ReturnType<typeof pushRepository>;
