import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/** A day: how long an expired code is kept. */
const DAY_MS = 86_400_000;

export async function lastCodeTime(
  db: Db,
  account: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("account", "=", account)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function insertCode(
  db: Db,
  code: {
    account: string;
    type: number;
    code_hash: string;
    created_at: number;
    expires_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto("verification_codes")
    .values(code)
    .returning("code_id")
    .executeTakeFirstOrThrow();
  return row.code_id;
}

/** Removes a code that never reached its account, so it neither works nor counts as sent. */
export async function deleteCode(db: Db, codeId: number): Promise<void> {
  await db
    .deleteFrom("verification_codes")
    .where("code_id", "=", codeId)
    .execute();
}

export function latestLiveCode(
  db: Db,
  account: string,
  type: number,
  now: number,
) {
  return db
    .selectFrom("verification_codes")
    .select(["code_id", "code_hash", "attempts"])
    .where("account", "=", account)
    .where("type", "=", type)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("code_id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first. */
export async function useCode(
  db: Db,
  codeId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("verification_codes")
    .set({ used_at: now })
    .where("code_id", "=", codeId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Counts a wrong guess; burns the code at the limit. */
export async function countWrongGuess(
  db: Db,
  codeId: number,
  maxAttempts: number,
  now: number,
): Promise<void> {
  await db
    .updateTable("verification_codes")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      used_at: eb
        .case()
        .when("attempts", ">=", maxAttempts - 1)
        .then(now)
        .else(null)
        .end(),
    }))
    .where("code_id", "=", codeId)
    .execute();
}

/** Forgets verification codes a day past their end; answers how many went. */
export async function deleteExpiredCodes(db: Db, now: number): Promise<number> {
  const gone = await db
    .deleteFrom("verification_codes")
    .where("expires_at", "<", now - DAY_MS)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The verification_codes table, bound to a database. */
export function codesRepository(db: Db) {
  return bindRepository(db, {
    deleteExpiredCodes,
    lastCodeTime,
    insertCode,
    deleteCode,
    latestLiveCode,
    useCode,
    countWrongGuess,
  });
}
/** What the codes service holds of the verification_codes table. */
export type CodesRepository = ReturnType<typeof codesRepository>;
