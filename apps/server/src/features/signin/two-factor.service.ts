import { createHmac, randomInt } from "node:crypto";
import {
  isRecoveryShape,
  isTotpShape,
  normaliseCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  totpRequiredFor,
} from "@parley/protocol";
import * as OTPAuth from "otpauth";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { AccountSessions } from "../accounts/accounts.ports.js";
import type { LiveConfig, SigninSettings } from "../system/system.ports.js";
import { SecretBox } from "../../lib/secret-box.js";
import type { SigninRepository } from "./signin.repository.js";

/** Letters and digits of a recovery code: none two people mix up (0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A new recovery code as it is shown: `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)],
  ).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A TOTP of this secret with the parameters every authenticator reads by default. */
function totpOf(secret: string, label = "", issuer = ""): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export interface TwoFactorDeps {
  repo: SigninRepository;
  clock: Clock;
  settings: SigninSettings & LiveConfig;
  accounts: AccountSessions & {
    userById(userId: number): Promise<{ account: string } | undefined>;
  };
  /** Wrong codes to enable or turn off, per user (a login's count in the login limits). */
  perUser: Limiter;
}

/**
 * Two-factor codes (TOTP, RFC 6238; extensions.md §7): setup, enable with 10 recovery
 * codes, turn off, and the check a login makes. A code is accepted once: the newest 30-s
 * step taken is stored and only a later one is accepted after it (±1 step of drift).
 */
export class TwoFactor {
  private box: SecretBox | null = null;
  private recoveryKey: string | null = null;

  constructor(private readonly deps: TwoFactorDeps) {}

  private async secrets(): Promise<{ box: SecretBox; recoveryKey: string }> {
    if (!this.box || !this.recoveryKey) {
      this.box = new SecretBox(await this.deps.settings.signingKey("totp"));
      this.recoveryKey = await this.deps.settings.signingKey("totp-recovery");
    }
    return { box: this.box, recoveryKey: this.recoveryKey };
  }

  /** A recovery code's keyed hash (what is stored). */
  private async recoveryHash(code: string): Promise<string> {
    const { recoveryKey } = await this.secrets();
    const plain = normaliseCode(code).replace("-", "");
    return createHmac("sha256", recoveryKey).update(plain).digest("hex");
  }

  /** Whether the user has two-factor on. */
  async isOn(userId: number): Promise<boolean> {
    return (await this.deps.repo.totpOf(userId))?.enabled === 1;
  }

  /** Whether the administrators require two-factor of this user and it is not on. */
  async setupRequired(userId: number, role: number): Promise<boolean> {
    const { row } = await this.deps.settings.signin();
    return (
      totpRequiredFor(row.totpRequired, role) && !(await this.isOn(userId))
    );
  }

  /** A new secret for the user, not on until a code of it is confirmed. */
  async setup(userId: number): Promise<{ secret: string; uri: string }> {
    if (await this.isOn(userId)) throw refuse("totp.alreadyOn");
    const user = await this.deps.accounts.userById(userId);
    if (!user) throw refuse("totp.notSetUp");
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const { box } = await this.secrets();
    const stored = await this.deps.repo.savePendingSecret(
      userId,
      box.seal(secret),
      this.deps.clock.now(),
    );
    if (!stored) throw refuse("totp.alreadyOn");
    const { sysInfo } = await this.deps.settings.config();
    const uri = totpOf(
      secret,
      user.account,
      sysInfo.name || "Parley",
    ).toString();
    return { secret, uri };
  }

  /** Turns two-factor on with a current code of the secret set up: the recovery codes. */
  async enable(userId: number, code: string): Promise<string[]> {
    await this.admit(userId);
    const row = await this.deps.repo.totpOf(userId);
    if (!row) throw refuse("totp.notSetUp");
    if (row.enabled === 1) throw refuse("totp.alreadyOn");
    const step = await this.stepOf(row.secret, code);
    if (step === null) throw refuse("totp.codeWrong");
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => this.recoveryHash(c)));
    if (
      !(await this.deps.repo.enableTotp(
        userId,
        step,
        hashes,
        this.deps.clock.now(),
      ))
    )
      throw refuse("totp.alreadyOn");
    await this.deps.perUser.reset(String(userId));
    // Sessions that could only set it up may make every call now.
    await this.deps.accounts.sessions.setupDone(userId);
    return codes;
  }

  /** Turns two-factor off with a current code or an unused recovery code (spent). */
  async disable(userId: number, role: number, code: string): Promise<void> {
    await this.admit(userId);
    if (!(await this.isOn(userId))) throw refuse("totp.off");
    const { row } = await this.deps.settings.signin();
    if (totpRequiredFor(row.totpRequired, role)) throw refuse("totp.required");
    if ((await this.check(userId, code)) !== "ok")
      throw refuse("totp.codeWrong");
    await this.deps.repo.removeTotp(userId);
    await this.deps.perUser.reset(String(userId));
  }

  /**
   * A login's second factor: "off" when the user has none on, "missing" without a code,
   * "ok" for a current code not taken before or an unused recovery code (then spent),
   * "wrong" otherwise.
   */
  async check(
    userId: number,
    code: string | undefined,
  ): Promise<"off" | "ok" | "missing" | "wrong"> {
    const row = await this.deps.repo.totpOf(userId);
    if (row?.enabled !== 1) return "off";
    if (code === undefined || code.trim() === "") return "missing";
    const typed = normaliseCode(code);
    if (isTotpShape(typed)) {
      const step = await this.stepOf(row.secret, typed);
      return step !== null &&
        (await this.deps.repo.takeStep(userId, step, this.deps.clock.now()))
        ? "ok"
        : "wrong";
    }
    if (isRecoveryShape(typed))
      return (await this.deps.repo.spendRecoveryCode(
        userId,
        await this.recoveryHash(typed),
      ))
        ? "ok"
        : "wrong";
    return "wrong";
  }

  /** The 30-s step a current code of this sealed secret belongs to, or null. */
  private async stepOf(sealed: string, code: string): Promise<number | null> {
    const typed = normaliseCode(code);
    if (!isTotpShape(typed)) return null;
    const { box } = await this.secrets();
    const secret = box.open(sealed);
    if (secret === null) return null;
    const now = this.deps.clock.now();
    const delta = totpOf(secret).validate({
      token: typed,
      timestamp: now,
      window: 1,
    });
    if (delta === null) return null;
    return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  }

  /** Wrong codes are limited per user, as logins are. */
  private async admit(userId: number): Promise<void> {
    const waitMs = await this.deps.perUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs);
  }
}
