import { randomBytes } from "node:crypto";
import {
  accounts as calls,
  type CallRequest,
  checkPassword,
} from "@parley/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import { hashSecret, sameDigest } from "../../lib/ids.js";
import type { Passwords } from "../../lib/passwords.js";
import { findUserByAccount } from "./accounts.repository.js";
import type { AccountLimits } from "./accounts.service.js";
import { insertCode, latestLiveCode, useCode } from "./codes.repository.js";
import type { LoginTickets } from "./login-tickets.js";
import { updatePasswordHash } from "./profile.repository.js";

/*
 * Invitation links (issue 47: users created from a CSV file without a password). A link
 * is `/#/welcome?account=…&token=…`: 32 random bytes, kept only as their SHA-256 among the
 * verification codes (a purpose of its own, never sent by `sendCode`), usable once for
 * WELCOME_LINK_DAYS. Redeeming it sets the user's password and answers a login ticket.
 */

/** The verification-code purpose of an invitation link (SPEC's are 1–4). */
export const WELCOME_CODE_TYPE = 5;

const DAY_MS = 86_400_000;

export type WelcomeInput = CallRequest<typeof calls.welcome>;

export class WelcomeLinks {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: Passwords;
      tickets: LoginTickets;
      limits: Pick<AccountLimits, "loginPerAddress">;
    },
  ) {}

  /** A new link's token for each account (its users exist), stored hashed. */
  async mint(accounts: readonly string[]): Promise<Map<string, string>> {
    const now = this.deps.clock.now();
    const tokens = new Map<string, string>();
    for (const account of accounts) {
      const token = randomBytes(32).toString("base64url");
      await insertCode(this.deps.db, {
        account,
        type: WELCOME_CODE_TYPE,
        code_hash: hashSecret(token),
        created_at: now,
        expires_at: now + calls.WELCOME_LINK_DAYS * DAY_MS,
      });
      tokens.set(account, token);
    }
    return tokens;
  }

  /**
   * `common/pub/welcome`: the link's user gets the password chosen, once; answers a login
   * ticket. Every failure answers the same (no account, a wrong, used or expired link, a
   * disabled user), and each try counts in the address's login limit.
   */
  async redeem(input: WelcomeInput, ip: string): Promise<{ ticket: string }> {
    const { db, clock, passwords, tickets, limits } = this.deps;
    const weak = checkPassword(input.password);
    if (weak) throw refuse(weak);
    const waitMs = await limits.loginPerAddress.take(ip);
    if (waitMs > 0) throw rateLimited(waitMs);
    const account = input.account.trim();
    const now = clock.now();
    const user = account ? await findUserByAccount(db, account) : undefined;
    const code =
      user && user.status === 1
        ? await latestLiveCode(db, user.account, WELCOME_CODE_TYPE, now)
        : undefined;
    if (
      !user ||
      !code ||
      input.token === "" ||
      !sameDigest(hashSecret(input.token), code.code_hash)
    )
      throw refuse("welcome.invalid");
    const hash = await passwords.hash(input.password);
    // Taken once: of two requests with one link, only the first sets a password.
    if (!(await useCode(db, code.code_id, now)))
      throw refuse("welcome.invalid");
    await updatePasswordHash(db, user.user_id, hash, now);
    await limits.loginPerAddress.refund(ip);
    return {
      ticket: await tickets.mint({ userId: user.user_id, sessionId: null }),
    };
  }
}
