import {
  type CallRequest,
  checkPassword,
  checkRegisterAccount,
  can,
  type Contact,
  type FoundUser,
  type FriendLink,
  type ListedUser,
  maskAccount,
  PeopleLimits,
  type people as calls,
  profileProblem,
  regauthOf,
  type UserDetail,
} from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { ipLocation } from "../../lib/ip-location.js";
import type { Passwords } from "../../lib/passwords.js";
import {
  type Storage,
  storageKeyOf,
  storageSrc,
} from "../../storage/storage.js";
import { avatarUrl, botMark } from "../accounts/accounts.mapper.js";
import { namePinyin } from "../accounts/accounts.service.js";
import type { PeopleRepository, PersonRow } from "./people.repository.js";
import type {
  AccountCodes,
  ProfileWrites,
  AccountSessions,
  ActiveUsers,
} from "../accounts/accounts.ports.js";
import type { ContactChanges } from "../contacts/contacts.ports.js";
import type { Friendship } from "../friends/friends.ports.js";
import type { GroupMembership, GroupPictures } from "../groups/groups.ports.js";
import { drawAvatar } from "./avatar-image.js";

/** A profile as the call parsed it. */
export type ProfileInput = CallRequest<typeof calls.updateUserInfo>;
/** A user-card request as the call parsed it. */
export type CardInput = CallRequest<typeof calls.getUserInfo>;

export interface PeopleDeps {
  repo: PeopleRepository;
  clock: Clock;
  passwords: Passwords;
  storage: Storage;
  policy: Policy;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupMembership & GroupPictures;
  /** Chat lists kept current (a port: app.ts wires it). */
  contacts: ContactChanges;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers & AccountSessions & AccountCodes & ProfileWrites;
  /** Friendships (a port: app.ts wires it). */
  friends: Friendship;
  /** Whether one has two-factor on, for one's own card (a port: app.ts wires it). */
  signin: { totpOn(userId: number): Promise<boolean> };
  /** Tells every client of a new name or picture. */
  publish: Publish;
  /** Demo mode refuses password and account changes. */
  demoMode: boolean;
}

/** What this service asks of other features (app.ts wires each one). */
export type PeoplePorts = Pick<
  PeopleDeps,
  "groups" | "contacts" | "accounts" | "friends" | "signin"
>;

/**
 * People: finding someone (search, the picker), the user card with SPEC §2's visibility
 * rules, and a user's own profile, password, account and avatar.
 */
export class PeopleService {
  private readonly repo: PeopleRepository;

  constructor(private readonly deps: PeopleDeps) {
    this.repo = deps.repo;
  }

  /** People by id (any state), for lists that name them. */
  async people(ids: readonly number[]): Promise<Map<number, PersonRow>> {
    const rows = await this.repo.listPeople(ids);
    return new Map(rows.map((row) => [row.user_id, row]));
  }

  /**
   * The add-friend search: by exact account, or by name or pinyin. Accounts are masked
   * unless the caller typed that very account, so a name search lists no one's phone or
   * email; nobody's email or address is sent.
   */
  async search(
    me: number,
    keywords: string,
    publicUrl: string,
  ): Promise<FoundUser[]> {
    if (keywords === "") return [];
    const rows = await this.repo.searchPeople(
      me,
      keywords,
      PeopleLimits.searchMax,
    );
    const ids = rows.map((r) => r.user_id);
    const { friends } = this.deps;
    const [links, applied] = await Promise.all([
      friends.nicknamesAmong(me, ids),
      friends.appliedTo(me, ids),
    ]);
    return rows.map((row) => ({
      user_id: row.user_id,
      id: row.user_id,
      realname: row.realname,
      displayName: links.get(row.user_id) || row.realname,
      account:
        row.account.toLowerCase() === keywords.toLowerCase()
          ? row.account
          : maskAccount(row.account),
      avatar: avatarUrl(row.avatar, publicUrl),
      name_py: row.name_py,
      email: "",
      last_login_ip: "",
      friend: friendLink(row.user_id, links),
      applied: applied.has(row.user_id) ? 2 : 0,
    }));
  }

  /** A page of active people (the console's picker); with keywords, those matching. */
  async list(
    me: number,
    input: CallRequest<typeof calls.userList>,
    publicUrl: string,
  ): Promise<ListedUser[]> {
    const rows = await this.repo.pagePeople(
      me,
      input.page ?? 1,
      input.limit ?? 20,
      input.keywords ?? "",
    );
    return rows.map((row) => ({
      user_id: row.user_id,
      id: row.user_id,
      realname: row.realname,
      avatar: avatarUrl(row.avatar, publicUrl),
    }));
  }

  /**
   * The user card (SPEC §2): missing, disabled and deleted users answer alike; an ordinary
   * member of a group that hides profiles gets "Privacy enabled" for a fellow member in run
   * mode 2 unless they are friends, with or without `group_id`; email, IP and location only
   * to oneself, friends, or anyone in run mode 1 (IP with ipregion on).
   */
  async card(
    me: number,
    input: CardInput,
    publicUrl: string,
  ): Promise<UserDetail> {
    const self = input.user_id === me;
    const user = await this.repo.findCard(input.user_id);
    if (!user) throw refuse("contact.notFound");

    const { friends } = this.deps;
    const [config, links, applied, mutual] = await Promise.all([
      this.deps.policy.config(),
      friends.nicknamesAmong(me, [user.user_id]),
      friends.appliedTo(me, [user.user_id]),
      self ? Promise.resolve(false) : friends.areFriends(me, user.user_id),
    ]);
    // A group that hides profiles hides them whichever way the card is asked for (issue 51
    // item 7), except from whoever may see the person anyway: a friend, or anyone in run
    // mode 1, where everyone is listed in the contacts.
    if (!self && !mutual && config.sysInfo.runMode === "2") {
      if (input.group_id !== undefined)
        await this.mayViewInGroup(me, input.group_id);
      else if (await this.deps.groups.hidesProfile(me, user.user_id))
        throw refuse("people.privacy");
    }
    const actor = this.deps.policy.actor({ userId: me, role: 0 });
    const details = can(actor, "user.seeContactDetails", {
      config,
      self,
      friends: mutual,
    });
    const address = details && config.sysInfo.ipregion === "1";
    return {
      user_id: user.user_id,
      id: user.user_id,
      account: self ? user.account : maskAccount(user.account),
      realname: user.realname,
      displayName: links.get(user.user_id) || user.realname,
      avatar: avatarUrl(user.avatar, publicUrl),
      motto: user.motto,
      sex: user.sex,
      email: details ? user.email : "",
      last_login_ip: address ? user.last_login_ip : "",
      location: address ? ipLocation(user.last_login_ip) : "",
      is_auth: user.is_auth,
      name_py: user.name_py,
      friend: mutual ? friendLink(user.user_id, links) : "",
      applied: applied.has(user.user_id) ? 2 : 0,
      ...(self ? { totp: (await this.deps.signin.totpOn(me)) ? 1 : 0 } : {}),
      ...botMark(user),
    };
  }

  /** A group's profile setting, for one of its members (SPEC §6). */
  private async mayViewInGroup(me: number, groupId: number): Promise<void> {
    const standing = await this.deps.groups.chatStanding(groupId, me);
    // Not a member: the group gives no view of anyone, and says nothing of itself.
    if (!standing) throw refuse("people.privacy");
    const actor = this.deps.policy.actor({ userId: me, role: 0 });
    if (
      !can(actor, "group.viewProfile", {
        member: standing.member,
        settings: standing.setting,
      })
    )
      throw refuse("people.privacy");
  }

  /** One contact of my list. */
  async contact(
    me: number,
    id: number | string,
    publicUrl: string,
  ): Promise<Contact> {
    const contact = await this.deps.contacts.one(me, id, publicUrl);
    if (!contact) throw refuse("contact.notFound");
    return contact;
  }

  /** My profile (SPEC §5 Settings); answers what was stored. */
  async updateProfile(me: number, input: ProfileInput) {
    const profile = {
      realname: input.realname.trim(),
      email: input.email.trim(),
      sex: input.sex,
      motto: input.motto.trim(),
    };
    const problem = profileProblem(profile);
    if (problem) throw refuse(problem.key, { field: problem.field });
    await this.mayRename(me, profile.realname);
    const stored = { ...profile, name_py: namePinyin(profile.realname) };
    await this.deps.accounts.profile.updateProfile(
      me,
      stored,
      this.deps.clock.now(),
    );
    await this.deps.contacts.changed(null);
    // Group avatars draw a member without a picture by the name's initials.
    await this.deps.groups.memberPictureChanged(me);
    // Open clients show the new name in lists, titles and messages at once (item 14).
    await this.deps.publish.toAll("updateUser", {
      user_id: me,
      realname: stored.realname,
      name_py: stored.name_py,
    });
    return stored;
  }

  /**
   * `sysInfo.diyName` off in run mode 1: the name stays as the organisation set it (issue 51
   * item 4). Clients send the name with every profile save, so only a change is refused.
   */
  private async mayRename(me: number, realname: string): Promise<void> {
    const config = await this.deps.policy.config();
    const actor = this.deps.policy.actor({ userId: me, role: 0 });
    if (can(actor, "user.rename", { config })) return;
    const current = await this.deps.accounts.activeUser(me);
    if (current && current.realname !== realname)
      throw refuse("profile.renameOff");
  }

  private async credentials(me: number) {
    const user = await this.repo.findCredentials(me);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /**
   * A new password: proved by a session opened with a login code in the last 15 minutes
   * (the forgotten-password path), or else by the current password and, when my account is
   * verified, a change-password code sent to it. Every other session of mine ends.
   */
  async changePassword(
    me: number,
    sessionId: number,
    input: CallRequest<typeof calls.editpassword>,
  ): Promise<void> {
    if (this.deps.demoMode) throw refuse("demo.readOnly");
    const problem = checkPassword(input.password);
    if (problem) throw refuse(problem);
    const user = await this.credentials(me);
    const { sessions } = this.deps.accounts;
    const byCode = await sessions.openedByCodeAt(sessionId);
    // Signed in just now with a login code: the mailbox is proved (forgot password).
    const justProved =
      byCode !== null &&
      this.deps.clock.now() - byCode < PeopleLimits.passwordRecoveryMs;
    if (!justProved) await this.provePassword(user, input);
    const hash = await this.deps.passwords.hash(input.password);
    await this.deps.accounts.profile.updatePasswordHash(
      me,
      hash,
      this.deps.clock.now(),
    );
    await this.deps.accounts.sessions.revokeOthers(me, sessionId, "password");
  }

  /**
   * The old password always, and for a verified account a change-password code as well
   * (SPEC §5 Settings); a code given by an unverified one is checked too. The password is
   * checked first, so a wrong one does not spend the code.
   */
  private async provePassword(
    user: { account: string; password_hash: string; is_auth: number },
    input: CallRequest<typeof calls.editpassword>,
  ): Promise<void> {
    if (input.originalPassword === "") throw refuse("password.oldRequired");
    const needsCode = user.is_auth === 1 || input.code !== "";
    if (needsCode && input.code === "") throw refuse("password.codeRequired");
    if (
      !(await this.deps.passwords.verify(
        user.password_hash,
        input.originalPassword,
      ))
    )
      throw refuse("password.oldWrong");
    if (
      needsCode &&
      !(await this.deps.accounts.codes.consume(user.account, 3, input.code))
    )
      throw refuse("password.codeWrong");
  }

  /**
   * A new account (SPEC §5 Settings): valid for the registration rules, free, proved by a
   * change-account code sent to it, and — when the current one is verified — by a code
   * sent to the current one. Every session of mine ends, this one too.
   */
  async changeAccount(
    me: number,
    sessionId: number,
    input: CallRequest<typeof calls.editAccount>,
  ): Promise<void> {
    if (this.deps.demoMode) throw refuse("demo.readOnly");
    const account = input.account.trim();
    const { sysInfo } = await this.deps.policy.config();
    // A verified account is a phone or an email: the new one must be reachable too.
    const regauth = regauthOf(sysInfo.regauth);
    const problem = checkRegisterAccount(account, regauth === 0 ? 3 : regauth);
    if (problem) throw refuse(problem);
    const user = await this.credentials(me);
    if (account.toLowerCase() === user.account.toLowerCase())
      throw refuse("account.same");
    if (await this.repo.accountHeld(account))
      throw refuse("register.accountTaken");
    const { codes, sessions } = this.deps.accounts;
    if (user.is_auth === 1) {
      if (input.code === "") throw refuse("account.codeRequired");
      if (!(await codes.consume(user.account, 4, input.code)))
        throw refuse("account.codeWrong");
    }
    if (input.newCode === "") throw refuse("account.newCodeRequired");
    if (!(await codes.consume(account, 4, input.newCode)))
      throw refuse("account.newCodeWrong");
    if (
      !(await this.deps.accounts.profile.updateAccount(
        me,
        account,
        this.deps.clock.now(),
      ))
    )
      throw refuse("register.accountTaken");
    await this.deps.contacts.changed(null);
    await sessions.revokeOthers(me, sessionId, "password");
    await sessions.revoke(me, sessionId, "password");
  }

  /**
   * A new avatar: a JPEG, PNG or GIF by its bytes (never by name or declared type), drawn
   * as a 240×240 PNG; the old stored one is removed. Answers its URL.
   */
  async uploadAvatar(
    me: number,
    file: Buffer | null,
    publicUrl: string,
  ): Promise<string> {
    return this.setAvatar(me, file, publicUrl);
  }

  /**
   * `manage/Bot/avatar`: a bot's picture, set by an administrator (a person's id, or a
   * missing one, answers `bot.notFound`).
   */
  async uploadBotAvatar(
    botId: number,
    file: Buffer | null,
    publicUrl: string,
  ): Promise<string> {
    const bot = await this.deps.accounts.activeUser(botId);
    if (bot?.is_bot !== 1) throw refuse("bot.notFound");
    return this.setAvatar(botId, file, publicUrl);
  }

  private async setAvatar(
    me: number,
    file: Buffer | null,
    publicUrl: string,
  ): Promise<string> {
    if (!file || file.length === 0) throw refuse("avatar.missing");
    const folder = `avatar/${String(me)}/`;
    const { key, png } = await drawAvatar(file, folder);
    await this.deps.storage.put(key, png);
    const previous = await this.deps.accounts.profile.swapAvatar(
      me,
      storageSrc(key),
      this.deps.clock.now(),
    );
    const old = previous ? storageKeyOf(previous) : null;
    if (old && old !== key && old.startsWith(folder))
      await this.deps.storage.remove(old);
    await this.deps.contacts.changed(null);
    // The groups whose pictures show this face draw them again.
    await this.deps.groups.memberPictureChanged(me);
    const url = avatarUrl(storageSrc(key), publicUrl);
    await this.deps.publish.toAll("updateUser", { user_id: me, avatar: url });
    return url;
  }
}

/** My friendship with someone as the card and search carry it, or "" without one. */
function friendLink(
  userId: number,
  links: ReadonlyMap<number, string>,
): FriendLink | "" {
  const nickname = links.get(userId);
  return nickname === undefined ? "" : { friend_id: userId, nickname };
}
