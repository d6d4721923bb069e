import {
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  DEFAULT_USER_SETTING,
  isCodeShape,
  isEmail,
  isLanguage,
  registerNeedsCode,
  type UserInfo,
  type UserSetting,
} from "@parley/protocol";
import { pinyin } from "pinyin-pro";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Db } from "../../db/database.js";
import type { UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import { hashSecret, newPassword } from "../../lib/ids.js";
import type { Passwords } from "../../lib/passwords.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SystemService } from "../system/system.service.js";
import { toUserInfo, toUserSetting } from "./accounts.mapper.js";
import {
  accountExists,
  countAdmins,
  findSessionByHash,
  findUserByAccount,
  findUserById,
  insertUser,
  recordLogin,
  updateUserSetting,
} from "./accounts.repository.js";
import type { CodesService } from "./codes.service.js";
import type { SessionsService } from "./sessions.service.js";

/** Where a request comes from. */
export interface Origin {
  ip: string;
  userAgent: string;
  publicUrl: string;
}

export interface LoginInput {
  account?: string | undefined;
  password?: string | undefined;
  code?: string | undefined;
  token?: string | undefined;
  lang?: string | undefined;
  rememberMe?: boolean | undefined;
  terminal?: string | undefined;
}

export interface RegisterInput {
  account: string;
  realname: string;
  password: string;
  code?: string | undefined;
  inviteCode?: string | undefined;
}

export interface LoginResult {
  sessionId: string;
  authToken: string;
  userInfo: UserInfo;
  expiresAt: number;
}

export interface AccountLimits {
  loginPerAccount: Limiter;
  loginPerAddress: Limiter;
  registerPerAddress: Limiter;
}

/** A name's pinyin, for search and the letter index. */
export function namePinyin(name: string): string {
  return pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive" })
    .join("")
    .toLowerCase()
    .slice(0, 255);
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsService,
    private readonly codes: CodesService,
    private readonly system: SystemService,
    private readonly limits: AccountLimits,
    private readonly logger: Logger,
  ) {}

  async register(input: RegisterInput, origin: Origin): Promise<UserInfo> {
    const policy = await this.system.policy();
    if (!policy.open || policy.regtype !== 1) throw refuse("register.closed");
    const account = input.account.trim();
    const realname = input.realname.trim();
    const problem =
      checkRegisterAccount(account, policy.regauth) ??
      checkRealname(realname) ??
      checkPassword(input.password);
    if (problem) throw refuse(problem);
    const code = input.code?.trim() ?? "";
    if (registerNeedsCode(policy.regauth) && !code)
      throw refuse("register.codeRequired");

    const blockedMs = await this.limits.registerPerAddress.blockedFor(
      origin.ip,
    );
    if (blockedMs > 0) throw rateLimited(blockedMs);
    if (await accountExists(this.db, account))
      throw refuse("register.accountTaken");
    if (
      registerNeedsCode(policy.regauth) &&
      !(await this.codes.consume(account, 2, code))
    ) {
      throw refuse("register.codeWrong");
    }

    const passwordHash = await this.passwords.hash(input.password);
    const now = this.clock.now();
    let row: UserRow;
    try {
      row = await insertUser(this.db, {
        account,
        realname,
        password_hash: passwordHash,
        email: isEmail(account) ? account : "",
        name_py: namePinyin(realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        is_auth: registerNeedsCode(policy.regauth) ? 1 : 0,
        register_ip: origin.ip,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two registrations of one account raced; the unique index let one through.
      if (await accountExists(this.db, account))
        throw refuse("register.accountTaken");
      throw error;
    }
    await this.limits.registerPerAddress.hit(origin.ip);
    return toUserInfo(row, origin.publicUrl);
  }

  async login(input: LoginInput, origin: Origin): Promise<LoginResult> {
    const token = input.token?.trim().replace(/^bearer\s+/i, "");
    const user = token
      ? await this.userForToken(token, origin)
      : await this.userForCredentials(input, origin);

    if (user.status !== 1) throw refuse("login.disabled");
    const policy = await this.system.policy();
    if (!policy.open && user.role <= 0) throw refuse("system.closed");

    const remember = input.rememberMe ?? true;
    const { token: newToken, session } = await this.sessions.create(
      user.user_id,
      remember,
      {
        ip: origin.ip,
        userAgent: origin.userAgent,
        terminal: input.terminal?.slice(0, 32) ?? "web",
      },
    );
    if (!policy.multipleLogin)
      await this.sessions.revokeOthers(
        user.user_id,
        session.session_id,
        "evicted",
      );
    const now = this.clock.now();
    await recordLogin(this.db, user.user_id, origin.ip, now);
    if (isLanguage(input.lang) && input.lang !== user.lang) {
      await this.system.setUserLang(user.user_id, input.lang);
      user.lang = input.lang;
    }
    return {
      sessionId: String(session.session_id),
      authToken: `bearer ${newToken}`,
      userInfo: toUserInfo(user, origin.publicUrl),
      expiresAt: session.expires_at,
    };
  }

  /** A live session token of the same user opens a new session (decisions.md). */
  private async userForToken(token: string, origin: Origin): Promise<UserRow> {
    const blockedMs = await this.limits.loginPerAddress.blockedFor(origin.ip);
    if (blockedMs > 0) throw rateLimited(blockedMs);
    const session = await findSessionByHash(this.db, hashSecret(token));
    const now = this.clock.now();
    const user =
      session && session.revoked_at === null && session.expires_at > now
        ? await findUserById(this.db, session.user_id)
        : undefined;
    if (!user) {
      await this.limits.loginPerAddress.hit(origin.ip);
      throw refuse("login.tokenInvalid");
    }
    return user;
  }

  private async userForCredentials(
    input: LoginInput,
    origin: Origin,
  ): Promise<UserRow> {
    const account = input.account?.trim() ?? "";
    const code = input.code?.trim() ?? "";
    const password = input.password ?? "";
    if (!account) throw refuse("login.accountRequired");
    if (code && !isCodeShape(code)) throw refuse("login.codeFormat");
    if (!code && !password) throw refuse("login.passwordRequired");

    const accountKey = account.toLowerCase();
    // While blocked, even the right password gets the same answer, so the block is no oracle.
    const blockedMs = Math.max(
      await this.limits.loginPerAccount.blockedFor(accountKey),
      await this.limits.loginPerAddress.blockedFor(origin.ip),
    );
    if (blockedMs > 0) throw rateLimited(blockedMs);

    const user = await findUserByAccount(this.db, account);
    const ok = code
      ? user !== undefined && (await this.codes.consume(account, 1, code))
      : user
        ? await this.passwords.verify(user.password_hash, password)
        : await this.passwords.verifyNothing(password);
    if (!ok || !user) {
      await this.limits.loginPerAccount.hit(accountKey);
      await this.limits.loginPerAddress.hit(origin.ip);
      throw refuse(code ? "login.codeWrong" : "login.failed");
    }
    await this.limits.loginPerAccount.reset(accountKey);
    return user;
  }

  /** Stores the fields of the user's preferences that were sent; the others stay. */
  async updateSetting(
    userId: number,
    patch: { [K in keyof UserSetting]?: UserSetting[K] | undefined },
  ): Promise<UserSetting> {
    const user = await findUserById(this.db, userId);
    if (!user) throw refuse("contact.notFound");
    const stored = toUserSetting(user.setting);
    const next: UserSetting = {
      sendKey: patch.sendKey ?? stored.sendKey,
      theme: patch.theme ?? stored.theme,
      isVoice: patch.isVoice ?? stored.isVoice,
      avatarCricle: patch.avatarCricle ?? stored.avatarCricle,
      hideMessageName: patch.hideMessageName ?? stored.hideMessageName,
      hideMessageTime: patch.hideMessageTime ?? stored.hideMessageTime,
    };
    await updateUserSetting(
      this.db,
      userId,
      JSON.stringify(next),
      this.clock.now(),
    );
    return next;
  }

  /** Ends the caller's session, when the token is one; never fails. */
  async logout(sessionId: number | null, userId: number | null): Promise<void> {
    if (sessionId !== null && userId !== null)
      await this.sessions.revoke(userId, sessionId, "logout");
  }

  /**
   * Creates the first administrator when there is none: ADMIN_ACCOUNT with ADMIN_PASSWORD,
   * else a random password printed once.
   */
  async ensureAdministrator(
    account: string,
    password: string | undefined,
  ): Promise<void> {
    if ((await countAdmins(this.db)) > 0) return;
    if (await accountExists(this.db, account)) {
      this.logger.warn(
        { account },
        "no administrator exists and ADMIN_ACCOUNT is taken by a normal user",
      );
      return;
    }
    const chosen = password ?? newPassword();
    const now = this.clock.now();
    await insertUser(this.db, {
      account,
      realname: "Administrator",
      password_hash: await this.passwords.hash(chosen),
      role: 1,
      name_py: "administrator",
      setting: JSON.stringify(DEFAULT_USER_SETTING),
      created_at: now,
      updated_at: now,
    });
    if (password === undefined) {
      // Printed once, on the console only: it is never stored in clear.
      process.stdout.write(
        `\n  First administrator created.\n  account:  ${account}\n  password: ${chosen}\n  Change it after the first login.\n\n`,
      );
    } else {
      this.logger.info(
        { account },
        "first administrator created from ADMIN_ACCOUNT/ADMIN_PASSWORD",
      );
    }
  }

  /** Seeds the demo accounts of SPEC §9 (demo mode only). */
  async ensureDemoAccounts(password: string): Promise<void> {
    const names = [
      "熊大",
      "熊二",
      "喜洋洋",
      "灰太狼",
      "奥特曼",
      "孙悟空",
      "猪八戒",
      "唐三藏",
      "沙悟净",
      "刘备",
      "关羽",
      "张飞",
      "赵云",
      "曹操",
      "司马懿",
      "孙权",
      "周瑜",
      "诸葛亮",
      "吕布",
    ];
    const hash = await this.passwords.hash(password);
    const now = this.clock.now();
    for (const [index, realname] of names.entries()) {
      const account = `138000000${String(index + 2).padStart(2, "0")}`;
      if (await accountExists(this.db, account)) continue;
      await insertUser(this.db, {
        account,
        realname,
        password_hash: hash,
        name_py: namePinyin(realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        created_at: now,
        updated_at: now,
      });
    }
  }
}
