import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/* Invitations to register (SPEC §2 console settings, registration by invitation). */

/** Stores a new invitation code. */
export async function insertInvite(
  db: Db,
  invite: {
    code: string;
    created_by: number;
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db.insertInto("invite_codes").values(invite).execute();
}

/** Whether an invitation code exists and is still valid at `now`. */
export async function inviteValid(
  db: Db,
  code: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("invite_codes")
    .select("code")
    .where("code", "=", code)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets invitations past their end; answers how many went. */
export async function deleteExpiredInvites(
  db: Db,
  now: number,
): Promise<number> {
  const gone = await db
    .deleteFrom("invite_codes")
    .where("expires_at", "<", now)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export function invitationsRepository(db: Db) {
  return bindRepository(db, {
    insertInvite,
    inviteValid,
    deleteExpiredInvites,
  });
}
/** What invitations hold of their table. */
export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
