import { Codes, isCodeShape } from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { AppError, rateLimited, refuse } from "../../lib/errors.js";
import type { Passwords } from "../../lib/passwords.js";
import type { UsersRepository } from "./accounts.repository.js";
import type { AccountLimits, LoginInput, Origin } from "./accounts.service.js";
import type { CodesService } from "./codes.service.js";
import type { LoginTickets } from "./login-tickets.js";
import type { LiveSession, SessionsService } from "./sessions.service.js";

/**
 * What sign-in (issue 46, a feature above accounts) adds to a login by password or code:
 * the second factor, the directory, and "only single sign-on". app.ts wires it.
 */
export interface SignInChecks {
  /**
   * The user's second factor against `code`: "off" when they have none on, "missing" when
   * one is on and no code came, "ok" when the code (or an unused recovery code, then
   * spent) is right, "wrong" otherwise.
   */
  secondFactor(
    userId: number,
    code: string | undefined,
  ): Promise<"off" | "ok" | "missing" | "wrong">;
  /** Whether the administrators require two-factor of this user and it is not on. */
  setupRequired(userId: number, role: number): Promise<boolean>;
  /** Whether a password (or code) login is refused for this role: only single sign-on. */
  ssoOnly(role: number): Promise<boolean>;
  /**
   * The account a directory (LDAP) signs in with this password when no local password
   * matched: `local` is the account of that name here, if any (only one the directory made
   * is signed in by it). Null when there is no directory or it says no.
   */
  directoryLogin(
    account: string,
    password: string,
    local: UserRow | undefined,
  ): Promise<UserRow | null>;
}

/** How a login proved who it is. */
export interface Proven {
  user: UserRow;
  /** The session that minted the ticket used (a token login), else null. */
  source: LiveSession | null;
}

/**
 * The proofs a login brings: a one-time ticket, or an account with its password (local or
 * the directory's) or a login code, then the second factor. Every attempt is taken from
 * the login limits before any check, and a success gives its attempts back.
 */
export class Credentials {
  constructor(
    private readonly deps: {
      users: UsersRepository;
      sessions: SessionsService;
      codes: CodesService;
      tickets: LoginTickets;
      passwords: Passwords;
      limits: AccountLimits;
      signin: SignInChecks;
    },
  ) {}

  /**
   * A login ticket for a new session of its user (`loginTicket`, issue 51 item 22; the SSO
   * callback's one-time code). Only a ticket: a session token in `token` is looked up
   * nowhere and answers like a wrong ticket, so a link carrying someone's session cannot
   * sign a visitor into it. A ticket of a user disabled since, or of a session ended
   * since, answers the same.
   */
  async ticket(ticket: string, origin: Origin): Promise<Proven> {
    const perAddress = this.deps.limits.loginPerAddress;
    const waitMs = await perAddress.take(origin.ip);
    if (waitMs > 0) throw rateLimited(waitMs);
    const grant = await this.deps.tickets.consume(ticket);
    const user = grant
      ? await this.deps.users.findUserById(grant.userId)
      : undefined;
    const source =
      grant?.sessionId != null
        ? await this.deps.sessions.liveById(grant.sessionId, grant.userId)
        : null;
    if (
      !grant ||
      !user ||
      user.status !== 1 ||
      (grant.sessionId !== null && !source)
    )
      throw refuse("login.tokenInvalid");
    await perAddress.refund(origin.ip);
    return { user, source };
  }

  /**
   * An account with its password or login code, then its second factor when it has one
   * on. A wrong second factor counts as a failed attempt; a right password asked for its
   * code (1001) does not.
   */
  async account(input: LoginInput, origin: Origin): Promise<UserRow> {
    const { users, passwords, codes, limits, signin } = this.deps;
    const account = input.account?.trim() ?? "";
    const code = input.code?.trim() ?? "";
    const password = input.password ?? "";
    if (!account) throw refuse("login.accountRequired");
    if (code && !isCodeShape(code)) throw refuse("login.codeFormat");
    if (!code && !password) throw refuse("login.passwordRequired");

    const local = await users.findUserByAccount(account);
    const accountKey = account.toLowerCase();
    // A device that signed in to this account before keeps working while strangers are
    // locked out: nobody can lock the administrator out with five wrong passwords.
    const known =
      local !== undefined &&
      (await this.deps.sessions.knownDevice(
        local.user_id,
        origin.ip,
        origin.userAgent,
      ));
    const waitMs = await this.reserve(accountKey, origin.ip, known);
    // While blocked, even the right password gets the same answer, so the block is no oracle.
    if (waitMs > 0) throw rateLimited(waitMs);

    let user: UserRow | undefined = local;
    let ok = code
      ? local !== undefined && (await codes.consume(account, 1, code))
      : local
        ? await passwords.verify(local.password_hash, password)
        : await passwords.verifyNothing(password);
    // An imported hash (Raingad's) that matched is made again with argon2id, once.
    if (ok && !code && local && passwords.needsRehash(local.password_hash))
      await users.rehashPassword(
        local.user_id,
        local.password_hash,
        await passwords.hash(password),
      );
    if (!ok && !code) {
      const found = await signin.directoryLogin(account, password, local);
      if (found) {
        user = found;
        ok = true;
      }
    }
    if (!ok || !user) throw refuse(code ? "login.codeWrong" : "login.failed");
    if (user.status === 1 && (await signin.ssoOnly(user.role)))
      throw refuse("login.ssoOnly");

    const totp = input.totp?.trim() || undefined;
    // A code is guessed only by whoever has the password: its tries count for the account
    // even from a device that signed in before (which the password's tries do not).
    if (totp !== undefined && known) {
      const wait = await limits.loginPerAccount.take(accountKey);
      if (wait > 0) throw rateLimited(wait);
    }
    const factor = await signin.secondFactor(user.user_id, totp);
    if (factor === "wrong") throw refuse("login.totpWrong");
    // Only failures count: a success (or a right password asked for its code) gives its
    // attempts back.
    await limits.loginPerAccount.reset(accountKey);
    await limits.loginPerAddress.refund(origin.ip);
    if (factor === "missing")
      throw new AppError("login.totpRequired", Codes.totpRequired);
    return user;
  }

  /**
   * Takes a login attempt from the address's and the account's limits before the password
   * is checked, so parallel attempts never check more passwords than the limits allow.
   * Answers 0, or how long to wait (nothing stays taken then).
   */
  private async reserve(
    accountKey: string,
    ip: string,
    knownDevice: boolean,
  ): Promise<number> {
    const { loginPerAccount, loginPerAddress } = this.deps.limits;
    const addressWait = await loginPerAddress.take(ip);
    if (addressWait > 0) return addressWait;
    if (knownDevice) return 0;
    const accountWait = await loginPerAccount.take(accountKey);
    if (accountWait > 0) await loginPerAddress.refund(ip);
    return accountWait;
  }
}
