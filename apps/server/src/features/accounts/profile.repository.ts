import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import { bindRepository } from "../../db/repository.js";

/*
 * A user's own changes to their account row (the people feature's settings calls: profile,
 * password, account, picture), written here by the accounts feature, which owns users.
 * The rules are the caller's; these only store.
 */

/** Stores a user's profile fields. */
export async function updateProfile(
  db: Db,
  userId: number,
  profile: {
    realname: string;
    name_py: string;
    email: string;
    sex: number;
    motto: string;
  },
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...profile, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/** Stores a new password hash. */
export async function updatePasswordHash(
  db: Db,
  userId: number,
  hash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: hash, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/** Moves a user to a new account, now verified; false when another user holds it. */
export async function updateAccount(
  db: Db,
  userId: number,
  account: string,
  now: number,
): Promise<boolean> {
  try {
    await db
      .updateTable("users")
      .set({ account, is_auth: 1, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Points a user at a new avatar; answers the one it replaced. */
export async function swapAvatar(
  db: Db,
  userId: number,
  avatar: string,
  now: number,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("users")
      .select("avatar")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await trx
      .updateTable("users")
      .set({ avatar, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
    return before?.avatar;
  });
}

/** The users table as a user's own changes write it. */
export function profileRepository(db: Db) {
  return bindRepository(db, {
    updateProfile,
    updatePasswordHash,
    updateAccount,
    swapAvatar,
  });
}
/** What a user's own changes may write. */
export type ProfileRepository = ReturnType<typeof profileRepository>;
