import type { accounts as calls } from "@parley/protocol";
import {
  type CallRequest,
  type CallResponse,
  can,
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  DEFAULT_USER_SETTING,
  isEmail,
  isLanguage,
  type Language,
  type RegAuth,
  registerNeedsCode,
  type UserInfo,
  type UserSetting,
} from "@parley/protocol";
import type * as PinyinPro from "pinyin-pro";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Changes, Policy } from "../../context.js";
import { Emitter } from "../../events.js";
import type { UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import { Held } from "../../lib/held.js";
import { newPassword, newToken } from "../../lib/ids.js";
import type { Passwords } from "../../lib/passwords.js";
import type { Limiter } from "../../lib/rate-limits.js";
import { toUserInfo, toUserSetting } from "./accounts.mapper.js";
import type {
  ActiveUser,
  DirectoryEntry,
  UsersRepository,
} from "./accounts.repository.js";
import type { CodesService } from "./codes.service.js";
import type { InvitationsService } from "./invitations.service.js";
import type { ProfileRepository } from "./profile.repository.js";
import { type UserAdminDeps, UserAdminService } from "./user-admin.service.js";
import { LOGIN_TICKET_TTL_S, type LoginTickets } from "./login-tickets.js";
import type { WelcomeInput, WelcomeLinks } from "./welcome-links.js";
import type { BotsRepository } from "./bots.repository.js";
import { BotsService } from "./bots.service.js";
import { Credentials, type SignInChecks } from "./credentials.js";
import { lazyRequire } from "../../lib/lazy-require.js";

const pinyinPro = lazyRequire<typeof PinyinPro>("pinyin-pro");

export type { ActiveUser, DirectoryEntry } from "./accounts.repository.js";
import type { SessionsService } from "./sessions.service.js";
import type { SignUpRules, SystemEvents } from "../system/system.ports.js";
import type { AccountEventMap } from "./accounts.ports.js";

/** Where a request comes from. */
export interface Origin {
  ip: string;
  userAgent: string;
  publicUrl: string;
}

export type LoginInput = CallRequest<typeof calls.login>;
export type RegisterInput = CallRequest<typeof calls.register>;
export type LoginResult = CallResponse<typeof calls.login>;
export type LoginTicket = CallResponse<typeof calls.loginTicket>;

export interface AccountLimits {
  loginPerAccount: Limiter;
  loginPerAddress: Limiter;
  registerPerAddress: Limiter;
  /** Login tickets minted per user: each holds a shared key (Redis) for its 60 s. */
  ticketsPerUser: Limiter;
}

/** A name's pinyin, for search and the letter index. */
export function namePinyin(name: string): string {
  return pinyinPro()
    .pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive" })
    .join("")
    .toLowerCase()
    .slice(0, 255);
}

export interface AccountsDeps {
  users: UsersRepository;
  sessions: SessionsService;
  codes: CodesService;
  invitations: InvitationsService;
  /** A user's own changes to their account row, stored for the people feature. */
  profile: ProfileRepository;
  /** User administration's own parts; it reaches this service for the rest. */
  admin: Pick<UserAdminDeps, "repo" | "groups" | "audit">;
  tickets: LoginTickets;
  /** Invitation links (issue 47): set a password, once. */
  welcome: WelcomeLinks;
  /** The bots among the users (issue 48). */
  botsRepo: BotsRepository;
  clock: Clock;
  passwords: Passwords;
  limits: AccountLimits;
  logger: Logger;
  policy: Policy;
  /** The system settings (a port: app.ts wires it). */
  system: SignUpRules;
  changes: Changes;
  /** What sign-in adds to a login (a port: the signin feature, above, supplies it). */
  signin: SignInChecks;
  /** Tests: a held user is checked against a fresh read each time it answers. */
  checkHeld?: boolean;
}

/** What this service asks of other features (app.ts wires each one). */
export interface AccountsPorts {
  /** The system settings, and its events (the module listens). */
  system: SignUpRules & SystemEvents;
  /** What sign-in adds to a login: the second factor, the directory, only SSO. */
  signin: SignInChecks;
}

/**
 * How long a process answers from an active user it holds without reading them again.
 * Whatever changes what it holds (a name, a picture, a role, a language, the status) is
 * announced and drops every held user on every process; this bounds how long news lost
 * on the way (Redis down) can leave a process behind.
 */
export const USER_READ_AGAIN_MS = 2_000;

/** The most users a process holds; past it the one held longest goes first. */
const HELD_USERS_MAX = 10_000;

/**
 * Accounts: registration, login by password, code or ticket, logout, the first administrator
 * and the demo accounts; and, for other features, who the active users are. Its sessions
 * and verification codes are services of their own, reachable here.
 */
export class AccountsService {
  /** What accounts tells the features above it (accounts.ports.ts). */
  readonly events = new Emitter<AccountEventMap>();
  readonly sessions: SessionsService;
  readonly codes: CodesService;
  /** Invitations to register (registration by invitation). */
  readonly invitations: InvitationsService;
  /** User administration (the console's users page). */
  readonly admin: UserAdminService;
  /** Bot accounts (issue 48): the console's, and webhooks' bots for the features above. */
  readonly bots: BotsService;
  /** A user's own changes to their account row (the people feature's settings calls). */
  readonly profile: ProfileRepository;
  private readonly users: UsersRepository;
  /** What a login proves itself with (tickets, passwords, codes, the second factor). */
  private readonly credentials: Credentials;
  private readonly clock: Clock;
  private readonly passwords: Passwords;
  private readonly limits: AccountLimits;
  private readonly logger: Logger;

  /** Active users read lately (issue 14: two lookups in every send and history page). */
  private readonly heldUsers: Held<number, ActiveUser>;

  constructor(private readonly deps: AccountsDeps) {
    this.heldUsers = new Held({
      clock: deps.clock,
      readAgainMs: USER_READ_AGAIN_MS,
      maxWeight: HELD_USERS_MAX,
    });
    // A user's role, status or language (and a session's end), or a change that reaches
    // everyone (a name, a picture, a new user): every held user is read again.
    deps.changes.on("user", () => {
      this.heldUsers.dropAll();
    });
    deps.changes.onReached((userIds) => {
      if (userIds === null) this.heldUsers.dropAll();
    });
    this.sessions = deps.sessions;
    this.codes = deps.codes;
    this.profile = deps.profile;
    this.invitations = deps.invitations;
    this.admin = new UserAdminService({
      ...deps.admin,
      welcome: deps.welcome,
      clock: deps.clock,
      passwords: deps.passwords,
      policy: deps.policy,
      accounts: this,
    });
    this.bots = new BotsService({
      repo: deps.botsRepo,
      clock: deps.clock,
      policy: deps.policy,
      audit: deps.admin.audit,
      sessions: deps.sessions,
      admin: this.admin,
      accounts: this,
    });
    this.users = deps.users;
    this.credentials = new Credentials(deps);
    this.clock = deps.clock;
    this.passwords = deps.passwords;
    this.limits = deps.limits;
    this.logger = deps.logger;
  }

  private get system() {
    return this.deps.system;
  }

  async register(input: RegisterInput, origin: Origin): Promise<UserInfo> {
    const policy = await this.system.rules();
    if (!policy.open) throw refuse("register.closed");
    if (policy.regtype === 2) {
      // Registration by invitation: a link from the console (manage/config/getInviteLink).
      const invite = input.inviteCode?.trim() ?? "";
      if (invite === "") throw refuse("register.inviteRequired");
      if (!(await this.invitations.valid(invite)))
        throw refuse("register.inviteInvalid");
    } else if (policy.regtype !== 1) throw refuse("register.closed");
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

    // The registration is reserved before any work and given back when it does not happen.
    const limit = this.limits.registerPerAddress;
    const waitMs = await limit.take(origin.ip);
    if (waitMs > 0) throw rateLimited(waitMs);
    try {
      return await this.createAccount(
        { account, realname, password: input.password, code },
        policy.regauth,
        origin,
      );
    } catch (error) {
      await limit.refund(origin.ip);
      throw error;
    }
  }

  private async createAccount(
    fields: {
      account: string;
      realname: string;
      password: string;
      code: string;
    },
    regauth: RegAuth,
    origin: Origin,
  ): Promise<UserInfo> {
    const { account, realname, code } = fields;
    if (await this.users.accountExists(account))
      throw refuse("register.accountTaken");
    if (
      registerNeedsCode(regauth) &&
      !(await this.codes.consume(account, 2, code))
    ) {
      throw refuse("register.codeWrong");
    }

    const passwordHash = await this.passwords.hash(fields.password);
    const now = this.clock.now();
    let row: UserRow;
    try {
      row = await this.users.insertUser({
        account,
        realname,
        password_hash: passwordHash,
        email: isEmail(account) ? account : "",
        name_py: namePinyin(realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        is_auth: registerNeedsCode(regauth) ? 1 : 0,
        register_ip: origin.ip,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two registrations of one account raced; the unique index let one through.
      if (await this.users.accountExists(account))
        throw refuse("register.accountTaken");
      throw error;
    }
    // Run mode 1 lists every user: one more in everyone's list.
    await this.events.emit("created");
    return toUserInfo(row, origin.publicUrl);
  }

  /**
   * An account for a person another system vouches for (single sign-on, the directory):
   * the first of `accounts` free here (else one made up), and a password nobody is told,
   * so only that system signs them in until an administrator sets one.
   */
  async createExternal(
    fields: { accounts: string[]; realname: string; email: string },
    ip: string,
  ): Promise<UserRow> {
    const realname = fields.realname.trim().slice(0, 50) || "User";
    const passwordHash = await this.passwords.hash(newToken());
    const tried = [...fields.accounts, `sso_${newToken().slice(0, 12)}`];
    for (const account of tried) {
      if (!/^[A-Za-z0-9_.@-]{2,64}$/.test(account)) continue;
      if (await this.users.accountExists(account)) continue;
      const now = this.clock.now();
      try {
        const row = await this.users.insertUser({
          account,
          realname,
          password_hash: passwordHash,
          email: isEmail(fields.email) ? fields.email : "",
          name_py: namePinyin(realname),
          setting: JSON.stringify(DEFAULT_USER_SETTING),
          is_auth: 1,
          register_ip: ip,
          created_at: now,
          updated_at: now,
        });
        await this.events.emit("created");
        return row;
      } catch (error) {
        // Taken by a registration that raced this one: try the next name.
        if (!(await this.users.accountExists(account))) throw error;
      }
    }
    throw new Error("no free account name for an external account");
  }

  /** A user by id, whatever their status (sign-in links accounts by id). */
  userById(userId: number): Promise<UserRow | undefined> {
    return this.users.findUserById(userId);
  }

  /** Users whose mail is this address (sign-in links a verified address to one account). */
  usersByEmail(email: string): Promise<UserRow[]> {
    return this.users.findUsersByEmail(email);
  }

  /** `common/pub/welcome`: an invitation link's password, then a login ticket. */
  welcome(input: WelcomeInput, origin: Origin): Promise<{ ticket: string }> {
    return this.deps.welcome.redeem(input, origin.ip);
  }

  /** Mints a one-time login ticket (SSO's code): signs the user in once, within 60 s. */
  mintTicket(userId: number): Promise<string> {
    return this.deps.tickets.mint({ userId, sessionId: null });
  }

  async login(input: LoginInput, origin: Origin): Promise<LoginResult> {
    const token = input.token?.trim();
    const { user, source } = token
      ? await this.credentials.ticket(token, origin)
      : { user: await this.credentials.account(input, origin), source: null };

    if (user.status !== 1) throw refuse("login.disabled");
    // A bot signs its calls with its token; no login opens a session for it (issue 48).
    if (user.is_bot === 1) throw refuse("login.failed");
    const policy = await this.system.rules();
    const actor = this.deps.policy.actor({
      userId: user.user_id,
      role: user.role,
    });
    if (!policy.open && !can(actor, "system.enterClosed"))
      throw refuse("system.closed");

    // Required two-factor not on yet: a session that may only set it up. A ticket's login
    // (single sign-on, or a session's own link) leaves the second factor to where it came from.
    const setupOnly =
      !token && (await this.deps.signin.setupRequired(user.user_id, user.role));
    const remember = input.rememberMe ?? true;
    const { token: newToken, session } = await this.sessions.create(
      user.user_id,
      remember,
      {
        ip: origin.ip,
        userAgent: origin.userAgent,
        terminal: input.terminal?.slice(0, 32) ?? "web",
        method: token ? "token" : input.code ? "code" : "password",
        setupOnly,
      },
      source,
    );
    if (!policy.multipleLogin)
      await this.sessions.revokeOthers(
        user.user_id,
        session.session_id,
        "evicted",
      );
    if (isLanguage(input.lang) && input.lang !== user.lang) {
      await this.setLang(user.user_id, input.lang);
      user.lang = input.lang;
    }
    return {
      sessionId: String(session.session_id),
      authToken: `bearer ${newToken}`,
      userInfo: toUserInfo(user, origin.publicUrl),
      expiresAt: session.expires_at,
      ...(setupOnly ? { totpSetup: 1 as const } : {}),
    };
  }

  /**
   * A one-time login ticket for the caller (`enterprise/im/loginTicket`): signs in once,
   * within 60 s, into a session that ends no later than the caller's and with it.
   */
  async loginTicket(
    session: { userId: number; sessionId: number },
    origin: Origin,
  ): Promise<LoginTicket> {
    const waitMs = await this.limits.ticketsPerUser.take(
      String(session.userId),
    );
    if (waitMs > 0) throw rateLimited(waitMs);
    const ticket = await this.deps.tickets.mint({
      userId: session.userId,
      sessionId: session.sessionId,
    });
    return {
      ticket,
      url: `${origin.publicUrl}/#/login?token=${ticket}`,
      expiresIn: LOGIN_TICKET_TTL_S,
    };
  }

  /** An active user, for other features: missing, disabled and deleted answer the same. */
  async activeUser(userId: number): Promise<ActiveUser | undefined> {
    const held = this.heldUsers.fresh(userId);
    if (held === undefined)
      // Shared by every caller: frozen, so none can change what the others see.
      return this.heldUsers.read(userId, async () => {
        const user = await this.users.findActiveUser(userId);
        return user && Object.freeze(user);
      });
    if (this.deps.checkHeld)
      await this.heldUsers.verify(
        userId,
        () => this.users.findActiveUser(userId),
        (was, fresh) => JSON.stringify(was) === JSON.stringify(fresh),
        `user ${userId}`,
      );
    return held;
  }

  /** Every other active user, or only those of `onlyIds` (run mode 2: friends). */
  directory(
    userId: number,
    onlyIds: readonly number[] | null,
  ): Promise<DirectoryEntry[]> {
    return this.users.listDirectory(userId, onlyIds);
  }

  /** A user's stored preferences, or undefined when there is no such user. */
  async setting(userId: number): Promise<UserSetting | undefined> {
    const user = await this.users.findUserById(userId);
    return user ? toUserSetting(user.setting) : undefined;
  }

  /** Stores a user's preferences whole. */
  async storeSetting(userId: number, setting: UserSetting): Promise<void> {
    await this.users.updateUserSetting(
      userId,
      JSON.stringify(setting),
      this.clock.now(),
    );
  }

  /** Keeps a signed-in user's language choice. */
  async setLang(userId: number, lang: Language): Promise<void> {
    await this.users.updateUserLang(userId, lang, this.clock.now());
    // The language travels with each session: every process reads it again.
    await this.sessions.userChanged(userId);
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
    if ((await this.users.countAdmins()) > 0) return;
    if (await this.users.accountExists(account)) {
      this.logger.warn(
        { account },
        "no administrator exists and ADMIN_ACCOUNT is taken by a normal user",
      );
      return;
    }
    const chosen = password ?? newPassword();
    const now = this.clock.now();
    await this.users.insertUser({
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

  /**
   * An account an administrator creates in the console: checked there (SPEC §5 rules,
   * the right to give a role); answers the stored row.
   */
  async createByAdministrator(fields: {
    account: string;
    realname: string;
    password: string;
    email: string;
    sex: number;
    remark: string;
    role: number;
    status: number;
    friend_limit: number;
    group_limit: number;
    now: number;
  }): Promise<UserRow> {
    const { now, password, ...profile } = fields;
    let row: UserRow;
    try {
      row = await this.users.insertUser({
        ...profile,
        password_hash: await this.passwords.hash(password),
        name_py: namePinyin(fields.realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two creations of one account raced; the unique index let one through.
      if (await this.users.accountExists(fields.account))
        throw refuse("register.accountTaken");
      throw error;
    }
    await this.events.emit("created");
    return row;
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
      if (await this.users.accountExists(account)) continue;
      await this.users.insertUser({
        account,
        realname,
        password_hash: hash,
        name_py: namePinyin(realname),
        setting: JSON.stringify(DEFAULT_USER_SETTING),
        created_at: now,
        updated_at: now,
      });
    }
    await this.events.emit("created");
  }
}
