import { isLanguage, Limits } from "@parley/protocol";
import type { Db } from "../../db/database.js";
import type { SessionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { noSession } from "../../lib/errors.js";
import { hashSecret, newToken } from "../../lib/ids.js";
import type { SessionContext, SessionResolver } from "../../plugins/session.js";
import {
  findSessionByHash,
  insertSession,
  revokeOtherSessions,
  revokeSession,
  touchSession,
} from "./accounts.repository.js";

/** Why a session ended; "evicted" tells the client a newer login replaced it. */
export type RevokeReason = "logout" | "evicted" | "disabled" | "password";

/** Told when sessions end, so their sockets can be closed at once. */
export type SessionRevokedListener = (event: {
  userId: number;
  sessionIds: number[];
  reason: RevokeReason;
}) => void;

const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Server-side sessions: the token is opaque and random, stored only as its SHA-256, so
 * logout and eviction take effect on the very next request.
 */
export class SessionsService implements SessionResolver {
  private readonly listeners: SessionRevokedListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  onRevoked(listener: SessionRevokedListener): void {
    this.listeners.push(listener);
  }

  private emit(
    userId: number,
    sessionIds: number[],
    reason: RevokeReason,
  ): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.listeners)
      listener({ userId, sessionIds, reason });
  }

  async create(
    userId: number,
    remember: boolean,
    meta: { ip: string; userAgent: string; terminal: string },
  ): Promise<{ token: string; session: SessionRow }> {
    const token = newToken();
    const now = this.clock.now();
    const session = await insertSession(this.db, {
      token_hash: hashSecret(token),
      user_id: userId,
      remember: remember ? 1 : 0,
      terminal: meta.terminal,
      ip: meta.ip,
      user_agent: meta.userAgent,
      created_at: now,
      expires_at:
        now + (remember ? Limits.rememberSessionMs : Limits.shortSessionMs),
      last_seen_at: now,
    });
    return { token, session };
  }

  async resolve(token: string): Promise<SessionContext> {
    const row = await findSessionByHash(this.db, hashSecret(token));
    const now = this.clock.now();
    if (!row) throw noSession("session.missing");
    if (row.revoked_at !== null)
      throw noSession(
        row.revoke_reason === "evicted" ? "session.evicted" : "session.expired",
      );
    if (row.expires_at <= now) throw noSession("session.expired");
    if (row.user_status !== 1) {
      await this.revoke(row.user_id, row.session_id, "disabled");
      throw noSession("session.disabled");
    }
    if (now - row.last_seen_at > TOUCH_INTERVAL_MS)
      await touchSession(this.db, row.session_id, now);
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      role: row.role,
      lang: isLanguage(row.lang) ? row.lang : null,
    };
  }

  async revoke(
    userId: number,
    sessionId: number,
    reason: RevokeReason,
  ): Promise<void> {
    if (await revokeSession(this.db, sessionId, reason, this.clock.now()))
      this.emit(userId, [sessionId], reason);
  }

  /** Ends every other live session of the user (multipleLogin 0). */
  async revokeOthers(
    userId: number,
    keepSessionId: number,
    reason: RevokeReason,
  ): Promise<void> {
    const ids = await revokeOtherSessions(
      this.db,
      userId,
      keepSessionId,
      reason,
      this.clock.now(),
    );
    this.emit(userId, ids, reason);
  }
}
