import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/*
 * Two-factor secrets, recovery codes and the identities an account has elsewhere (issue 46,
 * migration 0025). Every "take once" is one conditional write, so two processes racing
 * with the same code accept it once.
 */

/** A user's two-factor row. */
export async function totpOf(
  db: Db,
  userId: number,
): Promise<{ secret: string; enabled: number; last_step: number } | undefined> {
  return db
    .selectFrom("user_totp")
    .select(["secret", "enabled", "last_step"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Keeps a new, unconfirmed secret; none is replaced while two-factor is on. */
export async function savePendingSecret(
  db: Db,
  userId: number,
  secret: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto("user_totp")
    .values({
      user_id: userId,
      secret,
      enabled: 0,
      last_step: 0,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret, last_step: 0, updated_at: now })
        .where("user_totp.enabled", "=", 0),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Turns two-factor on at `step` (the code that confirmed it) with new recovery codes, in
 * one transaction; false when it was on already (or never set up).
 */
export async function enableTotp(
  db: Db,
  userId: number,
  step: number,
  codeHashes: string[],
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("user_totp")
      .set({ enabled: 1, last_step: step, updated_at: now })
      .where("user_id", "=", userId)
      .where("enabled", "=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .deleteFrom("totp_recovery_codes")
      .where("user_id", "=", userId)
      .execute();
    await trx
      .insertInto("totp_recovery_codes")
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
    return true;
  });
}

/** Takes a 30-s step of an enabled secret: false when it (or a later one) was taken. */
export async function takeStep(
  db: Db,
  userId: number,
  step: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("user_totp")
    .set({ last_step: step, updated_at: now })
    .where("user_id", "=", userId)
    .where("enabled", "=", 1)
    .where("last_step", "<", step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a recovery code: false when it is not one of the user's unspent codes. */
export async function spendRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("totp_recovery_codes")
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Turns two-factor off: the secret and the recovery codes go together. */
export async function removeTotp(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("totp_recovery_codes")
      .where("user_id", "=", userId)
      .execute();
    await trx.deleteFrom("user_totp").where("user_id", "=", userId).execute();
  });
}

/** The account an identity elsewhere is linked to. */
export async function identityUser(
  db: Db,
  provider: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("user_identities")
    .select("user_id")
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Whether the user is linked to an identity of this provider. */
export async function hasIdentity(
  db: Db,
  userId: number,
  provider: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("user_identities")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("provider", "=", provider)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links an identity to an account; the first link of an identity stays. */
export async function linkIdentity(
  db: Db,
  link: {
    provider: string;
    subject: string;
    user_id: number;
    created_at: number;
  },
): Promise<void> {
  await db
    .insertInto("user_identities")
    .values(link)
    .onConflict((oc) => oc.columns(["provider", "subject"]).doNothing())
    .execute();
}

export function signinRepository(db: Db) {
  return bindRepository(db, {
    totpOf,
    savePendingSecret,
    enableTotp,
    takeStep,
    spendRecoveryCode,
    removeTotp,
    identityUser,
    hasIdentity,
    linkIdentity,
  });
}
/** What the sign-in services hold of their tables. */
export type SigninRepository = ReturnType<typeof signinRepository>;
