import { HOOK_LOG_SIZE } from "@parley/protocol";
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

/** A new secret for a hook; false when it is gone. */
export async function setHookSecret(
  db: Db,
  hookId: number,
  secretHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable("hooks")
    .set({ secret_hash: secretHash })
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

export function hooksRepository(db: Db) {
  return bindRepository(db, {
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
