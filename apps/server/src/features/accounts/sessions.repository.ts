import type { Db } from "../../db/database.js";
import type { Compilable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { groupCommit } from "../../db/group-commit.js";
import { bindRepository } from "../../db/repository.js";
import type { SessionRow } from "../../db/schema.js";

/** How long an ended or revoked session is kept: a month. */
const SESSION_HISTORY_MS = 30 * 86_400_000;

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
  parent_session_id: number | null;
  login_method: string;
  setup_only: number;
}

/** Lets the user's setup-only sessions make every call: two-factor is on now. */
export async function endSetupOnly(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ setup_only: 0 })
    .where("user_id", "=", userId)
    .where("setup_only", "=", 1)
    .execute();
}

/**
 * Opens a session and records the login on its user (time, address, count) in one
 * transaction: on SQLite shared with the other writes of the moment (group commit), so a
 * burst of logins costs a few syncs, not two each (issue 14, W5).
 */
export function openSession(db: Db, session: NewSession): Promise<SessionRow> {
  return groupCommit(db).run(async (trx) => {
    const row = await trx
      .insertInto("sessions")
      .values(session)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set((eb) => ({
        last_login_at: session.created_at,
        last_login_ip: session.ip,
        login_count: eb("login_count", "+", 1),
        updated_at: session.created_at,
      }))
      .where("user_id", "=", session.user_id)
      .execute();
    return row;
  });
}

/** A session row with what authentication needs of its user. */
export type SessionWithUser = SessionRow & {
  role: number;
  user_status: number;
  lang: string | null;
};

/**
 * A session by its token's hash, with its user's role, status and language read in the same
 * query: this runs on every authenticated request, so one query rather than two.
 */
const sessionByHash = compiledOnce(
  (db, tokenHash): Compilable<SessionWithUser> =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.user_id", "sessions.user_id")
      .selectAll("sessions")
      .select(["users.role", "users.status as user_status", "users.lang"])
      .where("sessions.token_hash", "=", tokenHash),
);

export async function findSessionByHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await sessionByHash(db, tokenHash);
  return row;
}

/**
 * Revokes a live session and every session opened from it by token, level by level (a
 * chain of token logins is short); answers the ids it revoked, none when it was not live.
 */
export async function revokeSessionTree(
  db: Db,
  sessionId: number,
  reason: string,
  now: number,
): Promise<number[]> {
  const revoke = (column: "session_id" | "parent_session_id", ids: number[]) =>
    db
      .updateTable("sessions")
      .set({ revoked_at: now, revoke_reason: reason })
      .where(column, "in", ids)
      .where("revoked_at", "is", null)
      .returning("session_id")
      .execute()
      .then((rows) => rows.map((row) => row.session_id));
  const revoked = await revoke("session_id", [sessionId]);
  let parents = revoked;
  while (parents.length > 0) {
    parents = await revoke("parent_session_id", parents);
    revoked.push(...parents);
  }
  return revoked;
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

/** Ends every live session of a user who is not an administrator; answers whose ended. */
export async function revokeNonAdminSessions(
  db: Db,
  reason: string,
  now: number,
): Promise<{ user_id: number; session_id: number }[]> {
  return db
    .updateTable("sessions")
    .set({ revoked_at: now, revoke_reason: reason })
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .where("user_id", "in", (eb) =>
      eb.selectFrom("users").select("user_id").where("role", "<=", 0),
    )
    .returning(["user_id", "session_id"])
    .execute();
}

/** A session by id. */
export function findSessionById(db: Db, sessionId: number) {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
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

/** Whether a user ever signed in from this address and browser (any session, even ended). */
export async function hasSignedInFrom(
  db: Db,
  userId: number,
  ip: string,
  userAgent: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("session_id")
    .where("user_id", "=", userId)
    .where("ip", "=", ip)
    .where("user_agent", "=", userAgent)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Forgets sessions a month past their end or revocation (their history is no longer
 * needed); answers how many went.
 */
export async function deleteExpiredSessions(
  db: Db,
  now: number,
): Promise<number> {
  const gone = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<", now - SESSION_HISTORY_MS),
        eb("revoked_at", "<", now - SESSION_HISTORY_MS),
      ]),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** The sessions table, bound to a database. */
export function sessionsRepository(db: Db) {
  return bindRepository(db, {
    endSetupOnly,
    deleteExpiredSessions,
    openSession,
    findSessionByHash,
    revokeSessionTree,
    revokeOtherSessions,
    revokeNonAdminSessions,
    findSessionById,
    touchSession,
    hasSignedInFrom,
  });
}
/** What the sessions service holds of the sessions table. */
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
