import { HOOK_LOG_SIZE } from "@parley/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/* A group's webhooks and their last deliveries (issue 48). */

export async function insertHook(
  db: Db,
  hook: {
    group_id: number;
    kind: string;
    name: string;
    secret_hash: string;
    bot_user_id: number;
    created_by: number;
    created_at: number;
    url?: string;
    triggers?: string;
    token?: string;
    secret_sealed?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto("hooks")
    .values(hook)
    .returning("hook_id")
    .executeTakeFirstOrThrow();
  return row.hook_id;
}

export function listHooks(db: Db, groupId: number) {
  return db
    .selectFrom("hooks")
    .selectAll()
    .where("group_id", "=", groupId)
    .orderBy("hook_id")
    .execute();
}

export function countHooks(db: Db, groupId: number) {
  return db
    .selectFrom("hooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("group_id", "=", groupId)
    .executeTakeFirstOrThrow()
    .then((row) => row.n);
}

export function findHook(db: Db, hookId: number) {
  return db
    .selectFrom("hooks")
    .selectAll()
    .where("hook_id", "=", hookId)
    .executeTakeFirst();
}

export function findHookBySecret(db: Db, secretHash: string) {
  return db
    .selectFrom("hooks")
    .selectAll()
    .where("secret_hash", "=", secretHash)
    .executeTakeFirst();
}

/** A group's outgoing hooks (their trigger words, address and sealed key). */
export function outgoingHooks(db: Db, groupId: number) {
  return db
    .selectFrom("hooks")
    .select(["hook_id", "triggers", "bot_user_id", "token"])
    .where("group_id", "=", groupId)
    .where("kind", "=", "outgoing")
    .orderBy("hook_id")
    .execute();
}

/** A new secret for a hook (hashed, and sealed for an outgoing one); false when it is gone. */
export async function setHookSecret(
  db: Db,
  hookId: number,
  secretHash: string,
  secretSealed: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("hooks")
    .set({ secret_hash: secretHash, secret_sealed: secretSealed })
    .where("hook_id", "=", hookId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteHook(db: Db, hookId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("hooks")
    .where("hook_id", "=", hookId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Records a delivery and keeps only the newest HOOK_LOG_SIZE of the hook's. */
export async function addDelivery(
  db: Db,
  delivery: { hook_id: number; at: number; ok: number; detail: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("hook_deliveries").values(delivery).execute();
    const kept = await trx
      .selectFrom("hook_deliveries")
      .select("delivery_id")
      .where("hook_id", "=", delivery.hook_id)
      .orderBy("delivery_id", "desc")
      .offset(HOOK_LOG_SIZE)
      .limit(1)
      .executeTakeFirst();
    if (kept)
      await trx
        .deleteFrom("hook_deliveries")
        .where("hook_id", "=", delivery.hook_id)
        .where("delivery_id", "<=", kept.delivery_id)
        .execute();
  });
}

/** The newest deliveries of each of these hooks. */
export function listDeliveries(db: Db, hookIds: readonly number[]) {
  if (hookIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("hook_deliveries")
    .select(["hook_id", "at", "ok", "detail"])
    .where("hook_id", "in", hookIds)
    .orderBy("delivery_id", "desc")
    .execute();
}

/** An outgoing hook's POST, to be made as soon as it can. */
export async function enqueuePost(
  db: Db,
  post: { hook_id: number; body: string; now: number },
): Promise<void> {
  await db
    .insertInto("hook_outbox")
    .values({
      hook_id: post.hook_id,
      body: post.body,
      next_at: post.now,
      created_at: post.now,
    })
    .execute();
}

/**
 * Takes up to `limit` POSTs that are due and not being made by another process: each is
 * claimed until `until` (a process that stops mid-POST leaves it to be taken again then),
 * its attempt counted. Answers those this process took.
 */
export async function claimDuePosts(
  db: Db,
  now: number,
  until: number,
  limit: number,
) {
  const due = await db
    .selectFrom("hook_outbox")
    .select("job_id")
    .where("next_at", "<=", now)
    .where("claimed_until", "<=", now)
    .orderBy("next_at")
    .orderBy("job_id")
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const taken = await db
    .updateTable("hook_outbox")
    .set((eb) => ({
      claimed_until: until,
      attempts: eb("attempts", "+", 1),
    }))
    .where(
      "job_id",
      "in",
      due.map((row) => row.job_id),
    )
    .where("claimed_until", "<=", now)
    .returning(["job_id", "hook_id", "body", "attempts"])
    .execute();
  if (taken.length === 0) return [];
  const hooks = await db
    .selectFrom("hooks")
    .select(["hook_id", "url", "secret_sealed", "bot_user_id", "group_id"])
    .where(
      "hook_id",
      "in",
      taken.map((row) => row.hook_id),
    )
    .execute();
  const byId = new Map(hooks.map((hook) => [hook.hook_id, hook]));
  return taken.flatMap((job) => {
    const hook = byId.get(job.hook_id);
    return hook ? [{ ...job, hook }] : [];
  });
}

/** The soonest time a POST waiting falls due (or its claim runs out), or null for none. */
export async function nextPostAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom("hook_outbox")
    .select(
      // PostgreSQL answers a bigint's min as text.
      sql<
        string | number | null
      >`min(case when claimed_until > next_at then claimed_until else next_at end)`.as(
        "due",
      ),
    )
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/** A POST done with: answered, or out of tries. */
export async function dropPost(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom("hook_outbox").where("job_id", "=", jobId).execute();
}

/** A POST tried again at `nextAt`. */
export async function retryPost(
  db: Db,
  jobId: number,
  nextAt: number,
): Promise<void> {
  await db
    .updateTable("hook_outbox")
    .set({ next_at: nextAt, claimed_until: 0 })
    .where("job_id", "=", jobId)
    .execute();
}

export function hooksRepository(db: Db) {
  return bindRepository(db, {
    outgoingHooks,
    enqueuePost,
    claimDuePosts,
    nextPostAt,
    dropPost,
    retryPost,
    insertHook,
    listHooks,
    countHooks,
    findHook,
    findHookBySecret,
    deleteHook,
    setHookSecret,
    addDelivery,
    listDeliveries,
  });
}
export type HooksRepository = ReturnType<typeof hooksRepository>;
