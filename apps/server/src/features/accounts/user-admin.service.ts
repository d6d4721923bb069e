import {
  type CallRequest,
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  type ConsoleUser,
  denial,
  type Denial,
  isEmail,
  type manage,
  type MessageKey,
  type UserChange,
} from "@parley/protocol";
import type { Policy } from "../../context.js";
import type { UserRow, UserUpdate } from "../../db/schema.js";
import { type Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { Passwords } from "../../lib/passwords.js";
import { namePinyin } from "./accounts.service.js";

import type { AuditLog } from "../audit/audit.ports.js";
import type { AccountsService } from "./accounts.service.js";
import { toConsoleUser } from "./user-admin.mapper.js";
import { importUsers } from "./user-import.js";
import type { WelcomeLinks } from "./welcome-links.js";
import type {
  AccountErasure,
  UserAdminRepository,
  UserQuery,
} from "./user-admin.repository.js";
import { type Admin, auditActorOf, mayWriteConsole } from "./admin-acts.js";
export type { Admin } from "./admin-acts.js";

export interface UserAdminDeps {
  repo: UserAdminRepository;
  /** Invitation links for users imported without a password. */
  welcome: WelcomeLinks;
  clock: Clock;
  passwords: Passwords;
  policy: Policy;
  /** The accounts feature's own service: who is active, new accounts, sessions. */
  accounts: Pick<
    AccountsService,
    "activeUser" | "createByAdministrator" | "sessions" | "events"
  >;
  /**
   * How many live groups an account owns: it cannot be deleted while it owns one (a read
   * interface: groups, above accounts, supplies it in app.ts).
   */
  groups: { ownedGroupCount(userId: number): Promise<number> };
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
}

/** What user administration asks of other features (app.ts wires each one). */
export type UserAdminPorts = Pick<UserAdminDeps, "groups" | "audit"> & {
  /** What an account leaves in other features' tables, gone with it. */
  erasure: AccountErasure;
};

type UserListQuery = CallRequest<typeof manage.userIndex>;
type NewUserInput = CallRequest<typeof manage.userAdd>;
type EditUserInput = CallRequest<typeof manage.userEdit>;

const ORDER_COLUMNS: Record<
  NonNullable<UserListQuery["order_field"]>,
  UserQuery["orderBy"]
> = {
  user_id: "user_id",
  create_time: "created_at",
  last_login_time: "last_login_at",
  realname: "realname",
  account: "account",
  login_count: "login_count",
};

/** What the console refuses a user change with, by the capability table's reason. */
const DENIALS: Partial<Record<Denial, MessageKey>> = {
  demo: "demo.readOnly",
  self: "console.ownAccount",
  role: "console.notPermitted",
};

/** The fields of a user the audit log records (never the password hash). */
function audited(row: UserRow): Record<string, unknown> {
  return {
    account: row.account,
    realname: row.realname,
    email: row.email,
    sex: row.sex,
    remark: row.remark,
    role: row.role,
    status: row.status,
    friend_limit: row.friend_limit,
    group_limit: row.group_limit,
    cs_uid: row.cs_uid,
  };
}

/** Only the fields that differ, before and after. */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after))
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  return [was, now];
}

/**
 * User administration (the console's users page, issue 12): list, add, edit, disable,
 * promote, reset the password of, and delete accounts. Every change is checked by the
 * capability table (demo mode refuses them all) and written to the audit log after it
 * commits. The users table is the accounts feature's: this is its one writer for them.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminDeps) {}

  async users(
    query: UserListQuery,
    publicUrl: string,
  ): Promise<{ users: ConsoleUser[]; count: number }> {
    const search: UserQuery = {
      keywords: query.keywords,
      status: query.status,
      role: query.role,
      orderBy: query.order_field ? ORDER_COLUMNS[query.order_field] : "user_id",
      descending: query.order_type !== 1,
    };
    const [rows, count] = await Promise.all([
      this.deps.repo.pageUsers(
        search,
        (query.page - 1) * query.limit,
        query.limit,
      ),
      this.deps.repo.countUsers(search),
    ]);
    return { users: rows.map((row) => toConsoleUser(row, publicUrl)), count };
  }

  async user(userId: number, publicUrl: string): Promise<ConsoleUser> {
    const row = await this.deps.repo.findUser(userId);
    if (!row) throw refuse("console.userNotFound");
    return toConsoleUser(row, publicUrl);
  }

  /** Checks an account name, realname and email as SPEC §5 has them for registration. */
  private checkProfile(fields: {
    account: string;
    realname: string;
    email: string;
  }): void {
    // An administrator may create any kind of account (regauth 0), within SPEC's rules.
    const problem =
      checkRegisterAccount(fields.account, 0) ?? checkRealname(fields.realname);
    if (problem) throw refuse(problem);
    if (fields.email !== "" && !isEmail(fields.email))
      throw refuse("console.emailInvalid");
  }

  /** Users from a CSV file (issue 47): checked, and made all at once when asked. */
  importUsers(
    admin: Admin,
    csv: string,
    options: { create: boolean; invite: boolean; publicUrl: string },
  ): ReturnType<typeof importUsers> {
    return importUsers(this.deps, admin, csv, options);
  }

  async addUser(admin: Admin, input: NewUserInput): Promise<ConsoleUser> {
    mayWriteConsole(this.deps.policy, admin);
    const account = input.account.trim();
    const realname = input.realname.trim();
    const email = input.email || (isEmail(account) ? account : "");
    this.checkProfile({ account, realname, email });
    const weak = checkPassword(input.password);
    if (weak) throw refuse(weak);
    if (
      input.role > 0 &&
      denial(this.deps.policy.actor(admin), "console.manageUser", {
        target: { userId: 0, role: 0 },
        change: "role",
      }) !== null
    )
      throw refuse("console.notPermitted");
    if (await this.deps.repo.accountTakenByOther(account, 0))
      throw refuse("register.accountTaken");
    const now = this.deps.clock.now();
    const row = await this.deps.accounts.createByAdministrator({
      account,
      realname,
      password: input.password,
      email,
      sex: input.sex,
      remark: input.remark,
      role: input.role,
      status: input.status,
      friend_limit: input.friend_limit,
      group_limit: input.group_limit,
      now,
    });
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "user.add",
      { type: "user", id: row.user_id },
      null,
      audited(row),
    );
    return toConsoleUser(row, admin.publicUrl);
  }

  async editUser(admin: Admin, input: EditUserInput): Promise<ConsoleUser> {
    const row = await this.changeable(admin, input.user_id, "edit");
    const account = input.account.trim();
    const realname = input.realname.trim();
    this.checkProfile({ account, realname, email: input.email });
    if (await this.deps.repo.accountTakenByOther(account, row.user_id))
      throw refuse("register.accountTaken");
    if (
      input.cs_uid !== undefined &&
      !(await this.deps.repo.findUser(input.cs_uid))
    )
      throw refuse("console.userNotFound");
    const actor = this.deps.policy.actor(admin);
    const roleChange = input.role !== undefined && input.role !== row.role;
    if (roleChange && row.is_bot === 1) throw refuse("bot.noRole");
    // A role the caller may not give refuses the whole edit: never a success that
    // quietly left the role out (the old server ignored it, wire-contract §2.8).
    if (roleChange) {
      const reason = denial(actor, "console.manageUser", {
        target: { userId: row.user_id, role: row.role },
        change: "role",
      });
      if (reason !== null)
        throw refuse(DENIALS[reason] ?? "console.notPermitted");
    }
    const role = input.role ?? row.role;
    const statusChange =
      input.status !== undefined && input.status !== row.status;
    if (
      statusChange &&
      denial(actor, "console.manageUser", {
        target: { userId: row.user_id, role: row.role },
        change: "status",
      }) !== null
    )
      throw refuse("console.ownAccount");
    const status = input.status ?? row.status;
    await this.keepsSuperAdmin(row, { role, status });
    const change: UserUpdate = {
      account,
      realname,
      name_py: namePinyin(realname),
      email: input.email,
      sex: input.sex,
      remark: input.remark,
      friend_limit: input.friend_limit,
      group_limit: input.group_limit,
      cs_uid: input.cs_uid ?? null,
      role,
      status,
      updated_at: this.deps.clock.now(),
    };
    const after = await this.deps.repo.updateUser(row.user_id, change);
    if (!after) throw refuse("console.userNotFound");
    // Role and status travel with each session: every process reads them again.
    await this.deps.accounts.sessions.userChanged(row.user_id);
    if (status === 0 && row.status !== 0)
      await this.deps.accounts.sessions.revokeAll(row.user_id, "disabled");
    if (account !== row.account)
      // A new sign-in name: the sessions made with the old one end (as editAccount does).
      await this.deps.accounts.sessions.revokeAll(row.user_id, "password");
    const [was, now] = changes(audited(row), audited(after));
    if (Object.keys(now).length > 0)
      await this.deps.audit.record(
        await auditActorOf(this.deps.accounts, admin),
        "user.edit",
        { type: "user", id: row.user_id },
        was,
        now,
      );
    return toConsoleUser(after, admin.publicUrl);
  }

  async setStatus(admin: Admin, userId: number, status: 0 | 1): Promise<void> {
    const row = await this.changeable(admin, userId, "status");
    if (row.status === status) return;
    await this.keepsSuperAdmin(row, { role: row.role, status });
    const after = await this.deps.repo.updateUser(userId, {
      status,
      updated_at: this.deps.clock.now(),
    });
    if (!after) throw refuse("console.userNotFound");
    await this.deps.accounts.sessions.userChanged(userId);
    // Disabled: every session ends and every socket closes, on every process, now.
    if (status === 0)
      await this.deps.accounts.sessions.revokeAll(userId, "disabled");
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "user.status",
      { type: "user", id: userId },
      { status: row.status },
      { status },
    );
  }

  async setRole(admin: Admin, userId: number, role: 0 | 1 | 2): Promise<void> {
    const row = await this.changeable(admin, userId, "role");
    if (row.role === role) return;
    if (row.is_bot === 1) throw refuse("bot.noRole");
    await this.keepsSuperAdmin(row, { role, status: row.status });
    const after = await this.deps.repo.updateUser(userId, {
      role,
      updated_at: this.deps.clock.now(),
    });
    if (!after) throw refuse("console.userNotFound");
    // The new role is in force on the user's next call, on every process.
    await this.deps.accounts.sessions.userChanged(userId);
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "user.role",
      { type: "user", id: userId },
      { role: row.role },
      { role },
    );
  }

  async setPassword(
    admin: Admin,
    userId: number,
    password: string,
  ): Promise<void> {
    const row = await this.changeable(admin, userId, "password");
    if (row.is_bot === 1) throw refuse("bot.noPassword");
    const weak = checkPassword(password);
    if (weak) throw refuse(weak);
    const after = await this.deps.repo.updateUser(userId, {
      password_hash: await this.deps.passwords.hash(password),
      updated_at: this.deps.clock.now(),
    });
    if (!after) throw refuse("console.userNotFound");
    await this.deps.accounts.sessions.revokeAll(row.user_id, "password");
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "user.password",
      {
        type: "user",
        id: userId,
      },
    );
  }

  async deleteUser(admin: Admin, userId: number): Promise<void> {
    const row = await this.changeable(admin, userId, "delete");
    await this.keepsSuperAdmin(row, null);
    const owned = await this.deps.groups.ownedGroupCount(userId);
    if (owned > 0) throw refuse("console.ownsGroups", { count: String(owned) });
    await this.erase(userId, admin.publicUrl);
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "user.delete",
      { type: "user", id: userId },
      audited(row),
      null,
    );
  }

  /** A webhook's bot, gone with its hook (issue 48): erased as a deleted account is. */
  async eraseBot(userId: number, publicUrl: string): Promise<void> {
    const row = await this.deps.repo.findUser(userId);
    if (!row || row.is_bot !== 1) return;
    await this.erase(userId, publicUrl);
  }

  /** An account erased: its sessions end, its memberships and friendships go. */
  private async erase(userId: number, publicUrl: string): Promise<void> {
    const gone = await this.deps.repo.eraseAccount(
      userId,
      this.deps.clock.now(),
    );
    if (!gone) {
      // A group made meanwhile, or another administrator was quicker.
      const again = await this.deps.groups.ownedGroupCount(userId);
      if (again > 0)
        throw refuse("console.ownsGroups", { count: String(again) });
      throw refuse("console.userNotFound");
    }
    await this.deps.accounts.sessions.revokeAll(userId, "disabled");
    // Gone from every contact list of run mode 1, and from what processes hold of users.
    await this.deps.accounts.sessions.userChanged(userId);
    // Its groups' members, then its former friends, drop it from their lists.
    const { events } = this.deps.accounts;
    await events.emit("membershipsErased", {
      userId,
      groupIds: gone.groupIds,
      publicUrl,
    });
    await events.emit("friendshipsErased", {
      userId,
      friendIds: gone.friendIds,
    });
  }

  /** A user the console may change this way, or the refusal. */
  private async changeable(
    admin: Admin,
    userId: number,
    change: UserChange,
  ): Promise<UserRow> {
    mayWriteConsole(this.deps.policy, admin);
    const row = await this.deps.repo.findUser(userId);
    if (!row) throw refuse("console.userNotFound");
    const reason = denial(this.deps.policy.actor(admin), "console.manageUser", {
      target: { userId: row.user_id, role: row.role },
      change,
    });
    if (reason !== null)
      throw refuse(DENIALS[reason] ?? "console.notPermitted");
    return row;
  }

  /** Refuses a change that would leave no enabled super administrator. */
  private async keepsSuperAdmin(
    row: UserRow,
    next: { role: number; status: number } | null,
  ): Promise<void> {
    const stillSuper = next !== null && next.role === 1 && next.status === 1;
    if (row.role === 1 && row.status === 1 && !stillSuper)
      if ((await this.deps.repo.countSuperAdmins()) <= 1)
        throw refuse("console.lastAdmin");
  }

  /** A page of users as the console lists them, and how many match. */
  async list(
    search: UserQuery,
    offset: number,
    limit: number,
    publicUrl: string,
  ): Promise<{ users: ConsoleUser[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.deps.repo.pageUsers(search, offset, limit),
      this.deps.repo.countUsers(search),
    ]);
    return { users: rows.map((row) => toConsoleUser(row, publicUrl)), count };
  }

  /** Users by id as the console shows them (deleted ones too: their chats still name them). */
  async byIds(
    userIds: readonly number[],
    publicUrl: string,
  ): Promise<Map<number, ConsoleUser>> {
    const rows = await this.deps.repo.findUsers(userIds);
    return new Map(
      [...rows].map(([id, row]) => [id, toConsoleUser(row, publicUrl)]),
    );
  }
}
