import { isLanguage, Limits } from "@parley/protocol";
import type { Changes, Sockets } from "../../context.js";
import type { SessionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { noSession } from "../../lib/errors.js";
import { Held } from "../../lib/held.js";
import { hashSecret, newToken } from "../../lib/ids.js";
import type { SessionContext, SessionResolver } from "../../plugins/session.js";
import type {
  SessionsRepository,
  SessionWithUser,
} from "./sessions.repository.js";

/** Why a session ended; "evicted" tells the client a newer login replaced it. */
export type RevokeReason =
  "logout" | "evicted" | "disabled" | "password" | "closed";

/** A live session, as a login by ticket sees the session that minted the ticket. */
export interface LiveSession {
  sessionId: number;
  userId: number;
  expiresAt: number;
}

const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * How long a process answers from a live session it holds without reading it again. Every
 * end of a session and every change of its user's role, status or language tells every
 * process at once; this only bounds how long news lost on the way (Redis down) can leave a
 * process behind.
 */
export const SESSION_READ_AGAIN_MS = 2_000;

/** The most sessions a process holds; past it the one held longest goes first. */
const HELD_SESSIONS_MAX = 10_000;

/**
 * Server-side sessions: the token is opaque and random, stored only as its SHA-256, so
 * logout and eviction take effect on the very next request.
 *
 * Every call resolves its session, so each process holds the live sessions it read lately
 * (by the token's hash, never the token) with their user's role, status and language, and
 * drops a user's at once when any process ends one of their sessions or changes the user
 * (`changes`). Only live sessions are held: an unknown or ended token is read every time.
 */
export class SessionsService implements SessionResolver {
  /** Live sessions by their token's hash, grouped by user. */
  private readonly held: Held<string, SessionWithUser, number>;

  constructor(
    private readonly repo: SessionsRepository,
    private readonly clock: Clock,
    private readonly sockets: Sockets,
    private readonly changes: Changes,
  ) {
    this.held = new Held({
      clock,
      readAgainMs: SESSION_READ_AGAIN_MS,
      maxWeight: HELD_SESSIONS_MAX,
      groupOf: (row) => row.user_id,
    });
    changes.on("user", ({ userId }) => {
      this.held.dropGroup(userId);
    });
  }
  /** Forgets sessions a month past their end or revocation (the scheduler's cleanup). */
  forgetExpired(now: number): Promise<number> {
    return this.repo.deleteExpiredSessions(now);
  }

  /** A session that ends loses its sockets at once, on every process. */
  private ended(
    userId: number,
    sessionIds: number[],
    reason: RevokeReason,
  ): void {
    if (sessionIds.length === 0) return;
    // This process at once; the others when the hub brings `sessionsEnded`.
    this.held.dropGroup(userId);
    void this.sockets.endSessions(userId, sessionIds, reason);
  }

  /**
   * The user's role, status or language changed: every process reads their sessions
   * again from the next call on (the console's edits, a language choice).
   */
  async userChanged(userId: number): Promise<void> {
    await this.changes.announce({ what: "user", userId });
  }

  /** A live session by its token's hash: held lately, else read (and held when live). */
  private sessionByHash(
    hash: string,
    now: number,
  ): Promise<SessionWithUser | undefined> {
    return this.held.get(
      hash,
      () => this.repo.findSessionByHash(hash),
      (row) =>
        row.revoked_at === null &&
        row.user_status === 1 &&
        row.expires_at > now,
    );
  }

  /**
   * Opens a session, and records the login on its user in the same write. One opened by a
   * login ticket another session minted (a token login) ends no later than that source and
   * is revoked with it: a stolen session cannot turn itself into one that outlives it.
   */
  async create(
    userId: number,
    remember: boolean,
    meta: {
      ip: string;
      userAgent: string;
      terminal: string;
      method?: "password" | "code" | "token" | "bot";
      /** Two-factor is required and not on yet: the session may only set it up. */
      setupOnly?: boolean;
      /** How long it lasts, instead of remember-me's (a bot's token: until revoked). */
      lifetimeMs?: number;
    },
    source: LiveSession | null = null,
  ): Promise<{ token: string; session: SessionRow }> {
    const token = newToken();
    const now = this.clock.now();
    const ownEnd =
      now +
      (meta.lifetimeMs ??
        (remember ? Limits.rememberSessionMs : Limits.shortSessionMs));
    const session = await this.repo.openSession({
      token_hash: hashSecret(token),
      user_id: userId,
      remember: remember ? 1 : 0,
      terminal: meta.terminal,
      ip: meta.ip,
      user_agent: meta.userAgent,
      created_at: now,
      expires_at: source ? Math.min(ownEnd, source.expiresAt) : ownEnd,
      last_seen_at: now,
      parent_session_id: source?.sessionId ?? null,
      login_method: meta.method ?? "password",
      setup_only: meta.setupOnly ? 1 : 0,
    });
    return { token, session };
  }

  /** Two-factor is on now: the user's setup-only sessions may make every call. */
  async setupDone(userId: number): Promise<void> {
    await this.repo.endSetupOnly(userId);
    await this.userChanged(userId);
  }

  /** When a live session was opened with a login code (ms), or null for other logins. */
  async openedByCodeAt(sessionId: number): Promise<number | null> {
    const row = await this.repo.findSessionById(sessionId);
    return row && row.login_method === "code" && row.revoked_at === null
      ? row.created_at
      : null;
  }

  /** Whether this user signed in before from this address with this browser. */
  knownDevice(userId: number, ip: string, userAgent: string): Promise<boolean> {
    return this.repo.hasSignedInFrom(userId, ip, userAgent);
  }

  /** A session of the user that is still live (not revoked, not expired), or null. */
  async liveById(
    sessionId: number,
    userId: number,
  ): Promise<LiveSession | null> {
    const row = await this.repo.findSessionById(sessionId);
    return row &&
      row.user_id === userId &&
      row.revoked_at === null &&
      row.expires_at > this.clock.now()
      ? {
          sessionId: row.session_id,
          userId: row.user_id,
          expiresAt: row.expires_at,
        }
      : null;
  }

  async resolve(token: string): Promise<SessionContext> {
    const hash = hashSecret(token);
    const now = this.clock.now();
    const row = await this.sessionByHash(hash, now);
    if (!row) throw noSession("session.missing");
    if (row.revoked_at !== null)
      throw noSession(
        row.revoke_reason === "evicted"
          ? "session.evicted"
          : row.revoke_reason === "disabled"
            ? "session.disabled"
            : "session.expired",
      );
    if (row.expires_at <= now) {
      this.held.drop(hash);
      throw noSession("session.expired");
    }
    if (row.user_status !== 1) {
      await this.revoke(row.user_id, row.session_id, "disabled");
      throw noSession("session.disabled");
    }
    if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
      await this.repo.touchSession(row.session_id, now);
      if (this.held.fresh(hash) === row)
        this.held.replace(hash, { ...row, last_seen_at: now });
    }
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      role: row.role,
      expiresAt: row.expires_at,
      lang: isLanguage(row.lang) ? row.lang : null,
      ...(row.setup_only === 1 ? { setupOnly: true } : {}),
    };
  }

  async revoke(
    userId: number,
    sessionId: number,
    reason: RevokeReason,
  ): Promise<void> {
    const ids = await this.repo.revokeSessionTree(
      sessionId,
      reason,
      this.clock.now(),
    );
    this.ended(userId, ids, reason);
  }

  /** Ends the sessions of everyone but administrators (the system closes). */
  async revokeNonAdmins(reason: RevokeReason): Promise<void> {
    const rows = await this.repo.revokeNonAdminSessions(
      reason,
      this.clock.now(),
    );
    const byUser = new Map<number, number[]>();
    for (const row of rows) {
      const ids = byUser.get(row.user_id) ?? [];
      ids.push(row.session_id);
      byUser.set(row.user_id, ids);
    }
    for (const [userId, ids] of byUser) this.ended(userId, ids, reason);
  }

  /** Ends every live session of the user (disabled, deleted, password set by the console). */
  async revokeAll(userId: number, reason: RevokeReason): Promise<void> {
    // Session ids start at 1: keeping session 0 keeps none.
    await this.revokeOthers(userId, 0, reason);
  }

  /** Ends every other live session of the user (multipleLogin 0). */
  async revokeOthers(
    userId: number,
    keepSessionId: number,
    reason: RevokeReason,
  ): Promise<void> {
    const ids = await this.repo.revokeOtherSessions(
      userId,
      keepSessionId,
      reason,
      this.clock.now(),
    );
    this.ended(userId, ids, reason);
  }
}
