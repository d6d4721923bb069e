import {
  isCodeShape,
  isEmail,
  isPhone,
  type Language,
  Limits,
  type MessageKey,
} from "@parley/protocol";
import type { Clock } from "../../lib/clock.js";
import { AppError, rateLimited, refuse } from "../../lib/errors.js";
import { hashSecret, newCode, sameDigest } from "../../lib/ids.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { CodeSender } from "../../mail/mailer.js";
import { SmsFailed } from "../../mail/sms.js";
import type { UsersRepository } from "./accounts.repository.js";
import type { CodesRepository } from "./codes.repository.js";

/** What a code is for (SPEC §5): 1 login, 2 register, 3 change password, 4 change account. */
export type CodeType = 1 | 2 | 3 | 4;

const PURPOSES: Record<CodeType, string> = {
  1: "login",
  2: "register",
  3: "change-password",
  4: "change-account",
};

/**
 * Why no code went out, by channel and purpose: a login or password code means a forgotten
 * password, which an administrator can reset; a register or account code needs the channel.
 */
function undeliverableKey(phone: boolean, type: CodeType): MessageKey {
  const reset = type === 1 || type === 3;
  if (phone) return reset ? "code.noSmsReset" : "code.noSms";
  return reset ? "code.noMailReset" : "code.noMail";
}

/**
 * Verification codes (decisions.md): 6 digits, valid 5 minutes, single use, at most one per
 * account per 60 s; stored only as a hash, burned after 5 wrong guesses.
 */
export interface CodesDeps {
  repo: CodesRepository;
  users: UsersRepository;
  clock: Clock;
  sender: CodeSender;
  /** Codes asked for per address. */
  perAddress: Limiter;
}

export class CodesService {
  constructor(private readonly deps: CodesDeps) {}

  /** Forgets codes a day past their end (the scheduler's cleanup); answers how many. */
  forgetExpired(now: number): Promise<number> {
    return this.deps.repo.deleteExpiredCodes(now);
  }

  /**
   * Sends a code, or refuses honestly when nothing can reach the account (no SMTP for an
   * email, no SMS gateway for a phone): the code is then only written to the log, for an
   * operator or a developer, and the caller is told that no code was sent and whom to ask.
   * When the SMS gateway fails (an error answer, no answer in time) the code is dropped and
   * the caller told so; the next try is not held back by the one-a-minute rule.
   */
  async send(
    account: string,
    type: CodeType,
    ip: string,
    /** The signed-in caller's own account: a change-account code may confirm it. */
    ownAccount: string | null = null,
    /** The caller's language: a text message is written in it. */
    lang: Language = "zh",
  ): Promise<void> {
    const trimmed = account.trim();
    if (!trimmed) throw refuse("code.accountRequired");
    const phone = isPhone(trimmed);
    if (!phone && !isEmail(trimmed)) throw refuse("code.accountFormat");
    const channels = await this.deps.sender.channels();
    const deliverable = phone ? channels.phone : channels.email;

    // Taken before any work, given back when the request is refused without sending.
    const waitMs = await this.deps.perAddress.take(ip);
    if (waitMs > 0) throw rateLimited(waitMs);
    try {
      const own =
        ownAccount !== null &&
        ownAccount.toLowerCase() === trimmed.toLowerCase();
      await this.issue(trimmed, type, deliverable, own, lang);
    } catch (error) {
      if (error instanceof AppError) await this.deps.perAddress.refund(ip);
      throw error;
    }
    // Not refunded: a code was made (for the log), so the address's limit still counts it.
    if (!deliverable) throw refuse(undeliverableKey(phone, type));
  }

  private async issue(
    trimmed: string,
    type: CodeType,
    deliverable: boolean,
    own: boolean,
    lang: Language,
  ): Promise<void> {
    const now = this.deps.clock.now();
    // Codes are kept under the lower-case account: accounts compare without case.
    const key = trimmed.toLowerCase();
    const last = await this.deps.repo.lastCodeTime(key);
    // The one-a-minute rule protects an inbox; a code that only reaches the log protects
    // nothing, and "a code was sent a minute ago" would be untrue.
    if (
      deliverable &&
      last !== undefined &&
      now - last < Limits.codeIntervalMs
    ) {
      throw rateLimited(Limits.codeIntervalMs - (now - last), "code.tooSoon");
    }

    const exists = await this.deps.users.accountExists(trimmed);
    // A change-account code goes to a free account, or to my own (to prove the old one).
    if ((type === 2 || (type === 4 && !own)) && exists)
      throw refuse("code.accountTaken");
    // A login or password code for an unknown account answers the same and sends nothing,
    // so the call does not tell who has an account.
    if ((type === 1 || type === 3) && !exists) return;

    const code = newCode();
    const codeId = await this.deps.repo.insertCode({
      account: key,
      type,
      code_hash: hashSecret(code),
      created_at: now,
      expires_at: now + Limits.codeTtlMs,
    });
    try {
      await this.deps.sender.sendCode(trimmed, code, PURPOSES[type], lang);
    } catch (error) {
      // A code that never went out is not kept: it could not be typed, and the
      // one-a-minute rule must not hold back the next try.
      await this.deps.repo.deleteCode(codeId);
      if (error instanceof SmsFailed) throw refuse("code.smsFailed");
      throw error;
    }
  }

  /** Checks and uses a code; false when it is wrong, expired, used or burned. */
  async consume(
    account: string,
    type: CodeType,
    code: string,
  ): Promise<boolean> {
    if (!isCodeShape(code)) return false;
    const now = this.deps.clock.now();
    const live = await this.deps.repo.latestLiveCode(
      account.trim().toLowerCase(),
      type,
      now,
    );
    if (!live) return false;
    if (!sameDigest(live.code_hash, hashSecret(code))) {
      await this.deps.repo.countWrongGuess(
        live.code_id,
        Limits.codeMaxAttempts,
        now,
      );
      return false;
    }
    return this.deps.repo.useCode(live.code_id, now);
  }
}
