import { z } from "zod";
import { hashSecret, newToken } from "../../lib/ids.js";
import type { SharedKeys } from "../../lib/shared-keys.js";

/**
 * How long a login ticket stays usable, in seconds: the one-time code of SSO
 * (extensions.md §7) lives as long.
 */
export const LOGIN_TICKET_TTL_S = 60;

/** Whom a ticket signs in, and the session that minted it (null when none did: SSO). */
export interface TicketGrant {
  userId: number;
  sessionId: number | null;
}

/** What `newToken` makes (256 bits, base64url); anything else is never looked up. */
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Keyed by the ticket's SHA-256: whoever reads the shared keys (Redis) learns no ticket. */
function keyOf(ticket: string): string {
  return `login-ticket:${hashSecret(ticket)}`;
}

/** What a ticket's key holds; anything else (a foreign write) is no grant. */
const GrantSchema = z.object({
  userId: z.int().positive(),
  sessionId: z.int().positive().nullable(),
});

function parseGrant(value: string): TicketGrant | null {
  try {
    const parsed = GrantSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One-time login tickets: what `/#/login?token=` carries (`enterprise/im/loginTicket`
 * now, the SSO callback later). A ticket lives 60 s in the shared keys (Redis when
 * configured, so every process sees it) and is taken exactly once: of any number of logins
 * with it, on any process, one deletes it and the others find nothing.
 */
export class LoginTickets {
  constructor(private readonly keys: SharedKeys) {}

  /** A new ticket for this grant. */
  async mint(grant: TicketGrant): Promise<string> {
    const ticket = newToken();
    const stored = await this.keys.claim(
      keyOf(ticket),
      JSON.stringify(grant),
      LOGIN_TICKET_TTL_S * 1000,
    );
    // 256 random bits do not meet another live ticket; were they to, neither is given away.
    if (!stored) throw new Error("a new login ticket met a live one");
    return ticket;
  }

  /** Takes the ticket: its grant the first time, null ever after (or when unknown, expired). */
  async consume(ticket: string): Promise<TicketGrant | null> {
    if (!TICKET_SHAPE.test(ticket)) return null;
    const key = keyOf(ticket);
    const value = await this.keys.get(key);
    if (value === null) return null;
    // Compare-and-delete, one atomic step (a Lua script in Redis): only one taker wins.
    if (!(await this.keys.release(key, value))) return null;
    return parseGrant(value);
  }
}
