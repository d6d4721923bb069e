import type { Db } from "../../db/database.js";
import type { NewUser, SessionRow, UserRow } from "../../db/schema.js";

export function findUserByAccount(
  db: Db,
  account: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("account", "=", account)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function findUserById(
  db: Db,
  userId: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function accountExists(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("user_id")
    .where("account", "=", account)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db
    .insertInto("users")
    .values(user)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordLogin(
  db: Db,
  userId: number,
  ip: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      last_login_at: now,
      last_login_ip: ip,
      login_count: eb("login_count", "+", 1),
      updated_at: now,
    }))
    .where("user_id", "=", userId)
    .execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", ">", 0)
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface NewSession {
  token_hash: string;
  user_id: number;
  remember: number;
  terminal: string;
  ip: string;
  user_agent: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export function insertSession(
  db: Db,
  session: NewSession,
): Promise<SessionRow> {
  return db
    .insertInto("sessions")
    .values(session)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session row with what authentication needs of its user. */
export type SessionWithUser = SessionRow & {
  role: number;
  user_status: number;
  lang: string | null;
};

export function findSessionByHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.user_id", "sessions.user_id")
    .selectAll("sessions")
    .select(["users.role", "users.status as user_status", "users.lang"])
    .where("sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function revokeSession(
  db: Db,
  sessionId: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: now, revoke_reason: reason })
    .where("session_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live session of a user except one; answers the ids it revoked. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
  reason: string,
  now: number,
): Promise<number[]> {
  const rows = await db
    .updateTable("sessions")
    .set({ revoked_at: now, revoke_reason: reason })
    .where("user_id", "=", userId)
    .where("session_id", "!=", keepSessionId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning("session_id")
    .execute();
  return rows.map((row) => row.session_id);
}

export async function touchSession(
  db: Db,
  sessionId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now })
    .where("session_id", "=", sessionId)
    .execute();
}

export async function updateUserSetting(
  db: Db,
  userId: number,
  setting: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ setting, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}
