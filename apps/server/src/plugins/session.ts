import type { Language } from "@parley/protocol";
import type { FastifyRequest } from "fastify";

/** The caller as a valid session identifies them. */
export interface SessionContext {
  readonly sessionId: number;
  readonly userId: number;
  readonly role: number;
  readonly lang: Language | null;
  /** When the session ends by itself (ms); its sockets close then. */
  readonly expiresAt: number;
  /**
   * True when the administrators require two-factor of its user and it is not on yet: the
   * session may only set it up (SETUP_CALLS), and binds no socket.
   */
  readonly setupOnly?: boolean;
}

/** The calls a session that must set up two-factor first may make (issue 46). */
export const SETUP_CALLS: ReadonlySet<string> = new Set([
  "/enterprise/im/totpsetup",
  "/enterprise/im/totpenable",
  "/common/pub/logout",
  "/common/pub/getsysteminfo",
]);

/** Turns a presented token into a session, or throws the -1 refusal that fits. */
export interface SessionResolver {
  resolve(token: string): Promise<SessionContext>;
}

/**
 * The token a request presents: `Authorization` verbatim (`bearer <token>`, any case) or
 * an `authToken` header (decisions.md).
 */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? request.headers.authtoken;
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  const token = raw.trim().replace(/^bearer\s+/i, "");
  return token.length > 0 && token.length <= 512 ? token : null;
}
