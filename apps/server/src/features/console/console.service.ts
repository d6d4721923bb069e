import { createHash } from "node:crypto";
import type Sharp from "sharp";
import type { IMAGE_PURPOSES } from "@parley/protocol";
import {
  type AllConfig,
  type CallRequest,
  type ChatParty,
  type ConsoleGroup,
  type ConsoleMessage,
  type ConsoleMember,
  DASHBOARD_DAYS,
  type Language,
  LOGO_MAX_SIDE,
  LOGO_MAX_BYTES,
  ARTICLE_IMAGE_MAX_SIDE,
  CONSOLE_IMAGE_TYPES,
  type manage,
  PRODUCT_VERSION,
} from "@parley/protocol";
import type { Policy, Presence, Sockets } from "../../context.js";
import { formatDateTime, type Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { type Storage, storageSrc } from "../../storage/storage.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import type { Passwords } from "../../lib/passwords.js";
import { type CodeSender, MailNotConfigured } from "../../mail/mailer.js";
import { SmsFailed, SmsNotConfigured } from "../../mail/sms.js";
import { smsView, smtpView, storageView } from "../system/delivery-settings.js";
import { signinView } from "../system/signin-settings.js";
import { CONSOLE_TOPIC, type StatisticsPusher } from "./console.statistics.js";
import {
  toConsoleGroupAvatar,
  toConsoleGroup,
  toConsoleMember,
} from "./console.mapper.js";
import type { ConsoleRepository, GroupQuery } from "./console.repository.js";
import type { UserQuery } from "../accounts/accounts.ports.js";
import { lazyRequire } from "../../lib/lazy-require.js";
import type {
  ActiveUsers,
  UserAdminLookup,
  AccountInvitations,
} from "../accounts/accounts.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import type { GroupAdmin } from "../groups/groups.ports.js";
import type { ConsoleConversations } from "../messages/messages.ports.js";
import type { DeliverySettings, LiveConfig } from "../system/system.ports.js";
import {
  type Admin,
  auditActorOf,
  mayWriteConsole,
} from "../accounts/admin-acts.js";
export type { Admin } from "../accounts/admin-acts.js";

const sharp = lazyRequire<typeof Sharp>("sharp");

export interface ConsoleDeps {
  repo: ConsoleRepository;
  clock: Clock;
  passwords: Passwords;
  policy: Policy;
  presence: Presence;
  mail: CodeSender;
  /** Who the users are, as user administration lists them (a port: app.ts wires it). */
  accounts: ActiveUsers & UserAdminLookup & AccountInvitations;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupAdmin;
  /** Chat histories (a port: app.ts wires it). */
  messages: ConsoleConversations;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig & DeliverySettings;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  demoMode: boolean;
  storage: Storage;
  sockets: Sockets;
  statistics: StatisticsPusher;
}

/** What this service asks of other features (app.ts wires each one). */
export type ConsolePorts = Pick<
  ConsoleDeps,
  "accounts" | "groups" | "messages" | "system" | "audit"
>;

type GroupListQuery = CallRequest<typeof manage.groupIndex>;
type MessageListQuery = CallRequest<typeof manage.messageIndex>;
type PartyQuery = CallRequest<typeof manage.messageContacts>;

/** What a console picture may be, by its bytes. */
const IMAGE_TYPES: ReadonlySet<string> = new Set(CONSOLE_IMAGE_TYPES);
/** A picture larger than this many pixels is refused before it is decoded. */
const IMAGE_MAX_PIXELS = 40_000_000;

/** What a console picture is for. */
type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** The types "all" lists in the centre: what people send (event lines by their own filter). */
const PERSON_TYPES = [
  "text",
  "image",
  "voice",
  "video",
  "file",
  "emoji",
  "webrtc",
];

const DAY_MS = 86_400_000;
/** How long the home's totals are reused: counting every message is not free. */
const TOTALS_TTL_MS = 15_000;

/**
 * The console (issue 12): groups, the message centre, the home's figures, the settings
 * page's view of the config, invitation links and the test email. Every change is checked by the capability
 * table (demo mode refuses them all) and written to the audit log after it commits.
 */
export class ConsoleService {
  private totalsCache: {
    at: number;
    value: Awaited<ReturnType<ConsoleRepository["totals"]>>;
  } | null = null;

  constructor(private readonly deps: ConsoleDeps) {}

  private get audit() {
    return this.deps.audit;
  }

  // ---- groups ----

  async groups(
    query: GroupListQuery,
    publicUrl: string,
  ): Promise<{ groups: ConsoleGroup[]; count: number }> {
    const search: GroupQuery = {
      keywords: query.keywords,
      orderBy:
        query.order_field === "create_time"
          ? "created_at"
          : (query.order_field ?? "group_id"),
      descending: query.order_type !== 1,
    };
    const [rows, count] = await Promise.all([
      this.deps.repo.pageGroups(
        search,
        (query.page - 1) * query.limit,
        query.limit,
      ),
      this.deps.repo.countGroups(search),
    ]);
    return { groups: rows.map((row) => toConsoleGroup(row, publicUrl)), count };
  }

  async groupMembers(
    groupId: number,
    page: number,
    limit: number,
    publicUrl: string,
  ): Promise<{ members: ConsoleMember[]; count: number }> {
    const { rows, count } = await this.deps.groups.memberPage(
      groupId,
      (page - 1) * limit,
      limit,
    );
    return {
      members: rows.map((row) => toConsoleMember(row, publicUrl)),
      count,
    };
  }

  /**
   * Changes a group as its owner would (the groups feature checks and tells the members);
   * then the audit log records it.
   */
  async changeGroup(
    admin: Admin,
    groupId: number,
    change:
      | { action: "group.addMembers"; userIds: readonly number[] }
      | { action: "group.removeMember"; userId: number }
      | { action: "group.changeOwner"; userId: number }
      | { action: "group.setManager"; userId: number; role: 2 | 3 }
      | { action: "group.delete" },
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    const { groups } = this.deps;
    const by = { console: admin.userId };
    const url = admin.publicUrl;
    let after: Record<string, unknown>;
    switch (change.action) {
      case "group.addMembers":
        await groups.addMembers(by, groupId, change.userIds, url);
        after = { user_ids: [...change.userIds] };
        break;
      case "group.removeMember":
        await groups.removeMember(by, groupId, change.userId, url);
        after = { user_id: change.userId };
        break;
      case "group.changeOwner":
        await groups.changeOwner(by, groupId, change.userId, url);
        after = { owner_id: change.userId };
        break;
      case "group.setManager":
        await groups.setManager(by, groupId, change.userId, change.role, url);
        after = { user_id: change.userId, role: change.role };
        break;
      case "group.delete":
        await groups.disband(by, groupId, url);
        after = {};
        break;
    }
    await this.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      change.action,
      { type: "group", id: groupId },
      null,
      after,
    );
  }

  // ---- message centre ----

  /** One conversation (both parties given), or the newest of the whole system. */
  async messages(
    query: MessageListQuery,
    publicUrl: string,
  ): Promise<{ messages: ConsoleMessage[]; count: number }> {
    const types = query.type === "all" ? PERSON_TYPES : [query.type];
    const { messages } = this.deps;
    if (query.user_id !== undefined && query.toContactId !== undefined)
      return messages.conversationForConsole(
        query.user_id,
        query.toContactId,
        {
          types,
          keywords: query.keywords,
          page: query.page,
          limit: query.limit,
        },
        publicUrl,
      );
    if (query.user_id !== undefined || query.toContactId !== undefined)
      throw refuse("console.chooseChat");
    if (query.keywords !== "") throw refuse("console.chooseChat");
    const rows = await messages.recentForConsole(
      {
        isGroup: query.is_group === -1 ? null : query.is_group === 2 ? 1 : 0,
        types,
        lastId: query.last_id || undefined,
        limit: query.limit,
      },
      publicUrl,
    );
    return { messages: rows, count: rows.length };
  }

  /** Users to pick from, or one user's chats (people and groups), newest first. */
  async parties(
    query: PartyQuery,
    publicUrl: string,
  ): Promise<{ parties: ChatParty[]; count: number }> {
    const offset = (query.page - 1) * query.limit;
    if (query.user_id === undefined) {
      const search: UserQuery = {
        keywords: query.keywords,
        orderBy: "user_id",
        descending: false,
      };
      const { users, count } = await this.deps.accounts.admin.list(
        search,
        offset,
        query.limit,
        publicUrl,
      );
      return {
        parties: users.map((user) => {
          return {
            id: user.user_id,
            user_id: user.user_id,
            is_group: 0,
            realname: user.realname,
            displayName: user.realname,
            account: user.account,
            avatar: user.avatar,
            name_py: user.name_py,
            email: user.email,
            last_login_ip: user.last_login_ip,
            lastSendTime: 0,
          };
        }),
        count,
      };
    }
    // Refused as the users page refuses a user who is gone.
    await this.deps.accounts.admin.user(query.user_id, publicUrl);
    const states = (await this.deps.messages.conversationStates(query.user_id))
      .filter((state) => state.last_send_time !== null)
      .sort((a, b) => (b.last_send_time ?? 0) - (a.last_send_time ?? 0));
    const peers = states.flatMap((state) =>
      state.is_group === 0 ? [Number(state.peer_id)] : [],
    );
    const groupIds = states.flatMap((state) =>
      state.is_group === 1
        ? [Number(state.peer_id.slice(state.peer_id.indexOf("-") + 1))]
        : [],
    );
    const [users, groups] = await Promise.all([
      this.deps.accounts.admin.byIds(peers, publicUrl),
      this.deps.groups.faces(groupIds),
    ]);
    const words = query.keywords.toLowerCase();
    const parties: ChatParty[] = [];
    for (const state of states) {
      const time = state.last_send_time ?? 0;
      if (state.is_group === 1) {
        const groupId = Number(
          state.peer_id.slice(state.peer_id.indexOf("-") + 1),
        );
        const group = groups.get(groupId);
        if (!group) continue;
        parties.push({
          id: state.peer_id,
          user_id: 0,
          is_group: 1,
          realname: group.name,
          displayName: group.name,
          account: "",
          avatar: toConsoleGroupAvatar(group.avatar, publicUrl),
          name_py: group.name_py,
          email: "",
          last_login_ip: "",
          lastSendTime: time,
        });
      } else {
        const user = users.get(Number(state.peer_id));
        if (!user) continue;
        parties.push({
          id: user.user_id,
          user_id: user.user_id,
          is_group: 0,
          realname: user.realname,
          displayName: user.realname,
          account: user.account,
          avatar: user.avatar,
          name_py: user.name_py,
          email: user.email,
          last_login_ip: user.last_login_ip,
          lastSendTime: time,
        });
      }
    }
    const matching = words
      ? parties.filter((p) =>
          [p.realname, p.account, p.name_py].some((v) =>
            v.toLowerCase().includes(words),
          ),
        )
      : parties;
    return {
      parties: matching.slice(offset, offset + query.limit),
      count: matching.length,
    };
  }

  // ---- home ----

  /** A socket bound or went (the gateway tells): the console sockets hear the new figures. */
  socketsChanged(): void {
    this.deps.statistics.changed();
  }

  /**
   * The home's figures. With the caller's socket (its client id, of this same session), that
   * socket joins the console topic and from then on hears `statistics` as sockets come and go.
   */
  async dashboard(listener: { clientId: string; sessionId: number } | null) {
    if (listener)
      await this.deps.sockets.join(
        listener.clientId,
        listener.sessionId,
        CONSOLE_TOPIC,
      );
    const now = this.deps.clock.now();
    const today = Math.floor(now / DAY_MS);
    const first = today - (DASHBOARD_DAYS - 1);
    const cached = this.totalsCache;
    const totals =
      cached && now - cached.at < TOTALS_TTL_MS
        ? cached.value
        : await this.deps.repo.totals();
    if (totals !== cached?.value) this.totalsCache = { at: now, value: totals };
    const [daily, online] = await Promise.all([
      this.deps.repo.dailyFigures(first * DAY_MS),
      this.deps.presence.totals(),
    ]);
    const days = [];
    for (let day = first; day <= today; day += 1)
      days.push({
        day: formatDateTime(day * DAY_MS).slice(0, 10),
        messages: daily.messages.get(day) ?? 0,
        registrations: daily.users.get(day) ?? 0,
      });
    return {
      userCount: totals.users,
      groupCount: totals.groups,
      messageCount: totals.messages,
      fileCount: totals.files,
      onlineCount: online.users,
      clientCount: online.sockets,
      isJoin: listener ? 1 : 0,
      messagesToday: daily.messages.get(today) ?? 0,
      storageBytes: totals.storageBytes,
      daily: days,
    };
  }

  // ---- config ----

  /** Every section, with the SSO callback address under `publicUrl` ("" relative). */
  async allConfig(publicUrl: string): Promise<AllConfig> {
    const config = await this.deps.system.config();
    return {
      ...config,
      smtp: smtpView(await this.deps.system.smtp()),
      storage: storageView(await this.deps.system.storage()),
      sms: smsView(await this.deps.system.sms()),
      signin: signinView(await this.deps.system.signin(), publicUrl),
      demon_mode: this.deps.demoMode ? 1 : 0,
      version: PRODUCT_VERSION,
    };
  }

  /** A new invitation code, and the registration link that carries it. */
  async inviteLink(admin: Admin): Promise<string> {
    mayWriteConsole(this.deps.policy, admin);
    const { code, expiresAt } = await this.deps.accounts.invitations.create(
      admin.userId,
    );
    await this.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      "config.inviteLink",
      { type: "config", id: "invite" },
      null,
      { code, expires_at: formatDateTime(expiresAt) },
    );
    return `${admin.publicUrl}/#/register?inviteCode=${code}`;
  }

  async sendTestEmail(admin: Admin, email: string): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    try {
      await this.deps.mail.sendTest(email);
    } catch (error) {
      if (error instanceof MailNotConfigured)
        throw refuse("console.mailNotConfigured");
      const reason = error instanceof Error ? error.message : String(error);
      throw refuse("console.mailFailed", { reason: reason.slice(0, 200) });
    } finally {
      await this.audit.record(
        await auditActorOf(this.deps.accounts, admin),
        "config.testEmail",
        { type: "config", id: "smtp" },
        null,
        { email },
      );
    }
  }

  /** A test text message through the SMS gateway in force (the saved settings, else SMS_*). */
  async sendTestSms(
    admin: Admin,
    phone: string,
    lang: Language,
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, admin);
    try {
      await this.deps.mail.sendTestSms(phone, lang);
    } catch (error) {
      if (error instanceof SmsNotConfigured)
        throw refuse("console.smsNotConfigured");
      // Only SmsFailed's own words are shown: they hold neither the URL nor a header.
      const reason =
        error instanceof SmsFailed ? error.message : "unexpected error";
      throw refuse("console.smsFailed", { reason: reason.slice(0, 200) });
    } finally {
      await this.audit.record(
        await auditActorOf(this.deps.accounts, admin),
        "config.testSms",
        { type: "config", id: "sms" },
        null,
        { phone },
      );
    }
  }

  /**
   * A console picture (`common/upload/uploadImage`), judged by its bytes and drawn again
   * (nothing of the sent file but its pixels is kept): the logo as a PNG of at most
   * LOGO_MAX_SIDE a side; an article's picture at most ARTICLE_IMAGE_MAX_SIDE a side, a PNG
   * when it has transparency and a JPEG otherwise. Stored under its content's hash, public.
   */
  async uploadImage(
    admin: Admin,
    file: Buffer | null,
    purpose: ImagePurpose,
  ): Promise<string> {
    mayWriteConsole(this.deps.policy, admin);
    if (!file || file.length === 0) throw refuse("avatar.missing");
    if (purpose === "logo" && file.length > LOGO_MAX_BYTES)
      throw refuse("logo.tooLarge");
    const { fileTypeFromBuffer } = await import("file-type");
    const type = await fileTypeFromBuffer(file);
    if (!type || !IMAGE_TYPES.has(type.mime)) throw refuse("avatar.notImage");
    let drawn: { bytes: Buffer; ext: "png" | "jpg" };
    try {
      const side = purpose === "logo" ? LOGO_MAX_SIDE : ARTICLE_IMAGE_MAX_SIDE;
      const image = sharp()(file, { limitInputPixels: IMAGE_MAX_PIXELS })
        .rotate()
        .resize(side, side, { fit: "inside", withoutEnlargement: true });
      const { hasAlpha } = await image.metadata();
      drawn =
        purpose === "logo" || hasAlpha
          ? { bytes: await image.png().toBuffer(), ext: "png" }
          : {
              bytes: await image
                .jpeg({ quality: 85, mozjpeg: true })
                .toBuffer(),
              ext: "jpg",
            };
    } catch {
      // Claims to be a picture but is not one sharp can read.
      throw refuse("avatar.notImage");
    }
    const hash = createHash("sha256")
      .update(drawn.bytes)
      .digest("hex")
      .slice(0, 24);
    const key = `${purpose}/${hash}.${drawn.ext}`;
    await this.deps.storage.put(key, drawn.bytes);
    return avatarUrl(storageSrc(key), admin.publicUrl);
  }
}
