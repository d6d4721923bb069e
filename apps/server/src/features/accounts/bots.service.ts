import { randomBytes } from "node:crypto";
import {
  checkRealname,
  type ConsoleBot,
  DEFAULT_USER_SETTING,
} from "@parley/protocol";
import type { Policy } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { isPublicKey, storageKeyOf } from "../../storage/storage.js";
import type { AuditLog } from "../audit/audit.ports.js";
import { avatarUrl } from "./accounts.mapper.js";
import { namePinyin } from "./accounts.service.js";
import { type Admin, auditActorOf, mayWriteConsole } from "./admin-acts.js";
import type { BotsRepository } from "./bots.repository.js";
import type { SessionsService } from "./sessions.service.js";
import type { UserAdminService } from "./user-admin.service.js";

/*
 * Bot accounts (extensions.md §9, issue 48). A bot is a user with `is_bot` 1, no password
 * ("!": no login opens it, and a login of a bot is refused whatever it brings), role 0 (no
 * console), never a group's owner. Its token is a session of its own that lasts until
 * revoked (a new one replaces it; the old one stops at once): it signs every call with
 * `Authorization: Bearer <token>`, the header people's sessions use. Like every
 * non-administrator's session, it ends when the system is closed.
 */

/** A bot's token lasts until revoked: a hundred years. */
const BOT_TOKEN_LIFETIME_MS = 100 * 365 * 86_400_000;

export interface BotsDeps {
  repo: BotsRepository;
  clock: Clock;
  policy: Policy;
  audit: AuditLog;
  sessions: SessionsService;
  admin: Pick<UserAdminService, "deleteUser" | "eraseBot">;
  accounts: Parameters<typeof auditActorOf>[0] & {
    events: { emit(name: "created"): Promise<void> };
  };
}

export class BotsService {
  constructor(private readonly deps: BotsDeps) {}

  /** `manage/Bot/add`: a new bot (its owner the administrator) and its first token. */
  async add(
    admin: Admin,
    input: {
      name: string;
      avatar?: string | undefined;
      description?: string | undefined;
    },
  ): Promise<{ user_id: number; token: string }> {
    mayWriteConsole(this.deps.policy, admin);
    const name = input.name.trim();
    if (name === "") throw refuse("bot.nameRequired");
    const problem = checkRealname(name);
    if (problem) throw refuse(problem);
    const avatar = (input.avatar ?? "").trim();
    // Only a picture stored here (an avatar uploaded to this server): never an address elsewhere.
    if (avatar !== "") {
      const key = storageKeyOf(avatar);
      if (!key || !isPublicKey(key)) throw refuse("bot.avatarInvalid");
    }
    const now = this.deps.clock.now();
    const row = await this.deps.repo.insertBot({
      account: `bot_${randomBytes(5).toString("hex")}`,
      realname: name,
      name_py: namePinyin(name),
      password_hash: "!",
      avatar,
      motto: (input.description ?? "").trim(),
      setting: JSON.stringify(DEFAULT_USER_SETTING),
      is_bot: 1,
      bot_owner_id: admin.userId,
      created_at: now,
      updated_at: now,
    });
    const token = await this.mint(row.user_id);
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "bot.add",
      { type: "user", id: row.user_id },
      null,
      { name, account: row.account },
    );
    await this.deps.accounts.events.emit("created");
    return { user_id: row.user_id, token };
  }

  /** `manage/Bot/index`: bots, newest first, by page, with the total. */
  async list(
    page: number,
    limit: number,
    publicUrl: string,
  ): Promise<{ bots: ConsoleBot[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.deps.repo.listBots((page - 1) * limit, limit),
      this.deps.repo.countBots(),
    ]);
    return {
      bots: rows.map((row) => ({
        user_id: row.user_id,
        account: row.account,
        name: row.realname,
        avatar: avatarUrl(row.avatar, publicUrl),
        description: row.motto,
        owner_id: row.bot_owner_id,
        owner_name: row.owner_name ?? "",
        status: row.status,
        created_at: row.created_at,
        last_used_at: row.last_used_at,
      })),
      count,
    };
  }

  /** `manage/Bot/revoke`: every token of the bot stops; a new one is answered. */
  async revoke(admin: Admin, userId: number): Promise<{ token: string }> {
    mayWriteConsole(this.deps.policy, admin);
    const bot = await this.deps.repo.findBot(userId);
    if (!bot) throw refuse("bot.notFound");
    await this.deps.sessions.revokeAll(userId, "logout");
    const token = await this.mint(userId);
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "bot.revoke",
      { type: "user", id: userId },
      null,
      null,
    );
    return { token };
  }

  /** `manage/Bot/del`: the bot goes as a deleted account does (its token, its memberships). */
  async remove(admin: Admin, userId: number): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const bot = await this.deps.repo.findBot(userId);
    if (!bot) throw refuse("bot.notFound");
    await this.deps.admin.deleteUser(admin, userId);
  }

  /**
   * A webhook's bot (issue 48): made with the hook by a group's manager, no token (the
   * hook's secret stands for it), its owner the manager who made the hook.
   */
  async createHookBot(name: string, ownerId: number): Promise<number> {
    const now = this.deps.clock.now();
    const row = await this.deps.repo.insertBot({
      account: `bot_${randomBytes(5).toString("hex")}`,
      realname: name,
      name_py: namePinyin(name),
      password_hash: "!",
      avatar: "",
      motto: "",
      setting: JSON.stringify(DEFAULT_USER_SETTING),
      is_bot: 1,
      bot_owner_id: ownerId,
      created_at: now,
      updated_at: now,
    });
    await this.deps.accounts.events.emit("created");
    return row.user_id;
  }

  /** A webhook's bot goes with its hook: as a deleted account goes (its memberships). */
  async retireHookBot(userId: number, publicUrl: string): Promise<void> {
    await this.deps.admin.eraseBot(userId, publicUrl);
  }

  /** A new token: a session of the bot's own, until revoked. */
  private async mint(userId: number): Promise<string> {
    const { token } = await this.deps.sessions.create(userId, true, {
      ip: "",
      userAgent: "",
      terminal: "bot",
      method: "bot",
      lifetimeMs: BOT_TOKEN_LIFETIME_MS,
    });
    return token;
  }
}
