import type { groups as calls } from "@parley/protocol";
import {
  type Action,
  type CallRequest,
  type Contact,
  denial,
  type GroupInfo,
  type GroupMember,
  GroupLimits,
  type GroupSetting,
  groupContactId,
  GroupRoles,
  type MemberUser,
  type Membership,
  muteDuration,
  type PickerUser,
  type SubjectArgs,
  textToHtml,
} from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { GROUP_AVATAR_FACES } from "./group-avatar.js";
import { MemberLists } from "./member-lists.js";
import { refuse } from "../../lib/errors.js";
import { signToken, verifyToken } from "../../lib/signing.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { type ActiveUser, namePinyin } from "../accounts/accounts.service.js";
import {
  toGroupContact,
  toPickerUser,
  toGroupMember,
  toGroupSetting,
  userGroupToContact,
} from "./groups.mapper.js";
import {
  type GroupRow,
  type GroupsRepository,
  type MemberRow,
  type MemberState,
  TransferTargetGone,
} from "./groups.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { Attachments } from "../files/files.ports.js";
import type { Friendship } from "../friends/friends.ports.js";
import type { GroupChatLog } from "../messages/messages.ports.js";
import type { LiveConfig, SigningKeys } from "../system/system.ports.js";

export interface GroupsDeps {
  repo: GroupsRepository;
  /** Rebuilds a group's avatar off the request path after its members change. */
  avatars: { schedule(groupId: number): void };
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig & SigningKeys;
  /** Chat histories (a port: app.ts wires it). */
  messages: GroupChatLog;
  /** Stored files (a port: app.ts wires it). */
  files: Attachments;
  /** Friendships (a port: app.ts wires it). */
  friends: Friendship;
}

/** What this service asks of other features (app.ts wires each one). */
export type GroupsPorts = Pick<
  GroupsDeps,
  "accounts" | "system" | "messages" | "files" | "friends"
>;

/** The caller inside a group: the group, their membership, and who they are. */
interface Standing {
  group: GroupRow;
  member: MemberState;
  me: ActiveUser;
}

/**
 * Who changes a group: a member through the chat (their user id), or a system
 * administrator through the console, who acts with the owner's powers on any group (issue
 * 12) and whose changes reach the members with the same events and lines.
 */
export type GroupCaller = number | { console: number };

/** The event lines the server writes into a group's chat (existing clients show `content`). */
const EVENT_TEXT = {
  created: (actor: string) => `${actor} 创建了群聊`,
  renamed: (actor: string, name: string) => `${actor} 修改群名为“${name}”`,
  added: (actor: string, names: string) => `${actor} 邀请 ${names} 加入了群聊`,
  left: (actor: string) => `${actor} 退出了群聊`,
  removed: (actor: string, name: string) => `${actor} 将 ${name} 移出了群聊`,
  owner: (actor: string, name: string) => `${actor} 将群主转让给 ${name}`,
  joined: (actor: string) => `${actor} 通过扫描二维码加入了群聊`,
  disbanded: (actor: string) => `${actor} 解散了群聊`,
};

/** What the group QR's tokens are signed for. */
const QR_PURPOSE = "groupQr";

/** A few names for an event line: the first ten, then how many more. */
function someNames(users: readonly { realname: string }[]): string {
  const shown = users.slice(0, 10).map((u) => u.realname);
  const more = users.length - shown.length;
  return more > 0
    ? `${shown.join("、")} 等 ${users.length} 人`
    : shown.join("、");
}

const membership = (member: MemberState): Membership => ({
  role: member.role,
  mutedUntil: member.muted_until ?? 0,
});

/** A member's standing in a group's chat: role and mute, where their history starts, settings. */
interface ChatStanding {
  member: Membership;
  joinedSeq: number;
  setting: GroupSetting;
}

const chatStandingOf = (
  row: MemberState & { joined_seq: number; setting: string },
): ChatStanding => ({
  member: membership(row),
  joinedSeq: row.joined_seq,
  setting: toGroupSetting(row.setting),
});

/**
 * Groups (wire-contract.md §2.5, SPEC §4 and §6): every call checks that the caller is a
 * member — a group they are not in answers exactly like a missing one — and their role
 * through the capability table; events go only to the members, after the commit.
 */
export class GroupsService {
  private readonly repo: GroupsRepository;
  private readonly memberLists: MemberLists;

  constructor(private readonly deps: GroupsDeps) {
    this.repo = deps.repo;
    this.memberLists = new MemberLists(deps.repo);
  }

  private async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /** The caller's standing in a live group; missing and not-a-member answer the same. */
  private async standing(userId: number, groupId: number): Promise<Standing> {
    const [group, member] = await Promise.all([
      this.repo.findGroup(groupId),
      this.repo.findMembership(groupId, userId),
    ]);
    if (!group || !member) throw refuse("group.notFound");
    return { group, member, me: await this.activeUser(userId) };
  }

  /** A caller's standing; the console's stands as the owner, whether a member or not. */
  private async standingOf(
    caller: GroupCaller,
    groupId: number,
  ): Promise<Standing & { byConsole: boolean }> {
    if (typeof caller === "number")
      return { ...(await this.standing(caller, groupId)), byConsole: false };
    const group = await this.repo.findGroup(groupId);
    if (!group) throw refuse("group.notFound");
    const me = await this.activeUser(caller.console);
    const owner: MemberState = { role: 1, muted_until: null, joined_seq: 0 };
    return { group, member: owner, me, byConsole: true };
  }

  private actor(me: ActiveUser) {
    return this.deps.policy.actor({ userId: me.user_id, role: me.role });
  }

  /** Refuses with `group.noPermission` unless the capability table lets the caller act. */
  private must<A extends Action>(
    me: ActiveUser,
    action: A,
    ...subject: SubjectArgs<A>
  ): void {
    if (denial(this.actor(me), action, ...subject) !== null)
      throw refuse("group.noPermission");
  }

  /** Another member of the group, or the refusal for one who is not. */
  private async target(groupId: number, userId: number): Promise<MemberState> {
    const member = await this.repo.findMembership(groupId, userId);
    if (!member) throw refuse("group.memberNotFound");
    return member;
  }

  /**
   * The users a caller may put in a group, all of them or a refusal: active users (run
   * mode 1) or the caller's friends (run mode 2).
   */
  private async pickable(
    me: ActiveUser,
    userIds: readonly number[],
  ): Promise<{ user_id: number; realname: string }[]> {
    const found = await this.reachable(me.user_id, userIds);
    if (found.length !== userIds.length) throw refuse("group.userNotFound");
    return found;
  }

  /**
   * The active users a caller may put in a group — everyone (run mode 1) or their friends
   * (run mode 2) — all of them, or only those of `onlyIds`.
   */
  private async reachable(userId: number, onlyIds: readonly number[] | null) {
    const { accounts, friends, system } = this.deps;
    const config = await system.config();
    if (config.sysInfo.runMode !== "2")
      return accounts.directory(userId, onlyIds);
    const mine = await friends.friendIds(userId);
    const allowed = new Set(onlyIds ?? mine);
    return accounts.directory(
      userId,
      mine.filter((id) => allowed.has(id)),
    );
  }

  /** Refuses a group that would pass groupUserMax (0 is no limit). */
  private async checkSize(count: number): Promise<void> {
    const config = await this.deps.system.config();
    const max = Number(config.chatInfo.groupUserMax) || 0;
    if (max > 0 && count > max) throw refuse("group.full", { max });
  }

  private contactFor(
    group: GroupRow,
    role: number,
    last: {
      content: string;
      sendTime: number;
      type: string;
      extends: Record<string, unknown>;
    } | null,
    unread: number,
    publicUrl: string,
  ): Contact {
    return toGroupContact(
      group,
      {
        role,
        unread,
        is_top: 0,
        is_notice: 1,
        is_at: 0,
        lastSendTime: last?.sendTime ?? this.deps.clock.now(),
        lastContent: last?.content ?? "",
        lastType: last?.type,
        lastEvent: last?.extends,
      },
      publicUrl,
    );
  }

  /** `add`: a group of the caller (its owner) and at least two others. */
  async create(
    userId: number,
    input: CallRequest<typeof calls.add>,
    publicUrl: string,
  ): Promise<Contact> {
    const me = await this.activeUser(userId);
    const config = await this.deps.policy.config();
    if (denial(this.actor(me), "group.create", { config }) !== null)
      throw refuse("group.disabled");
    const others = [...new Set(input.user_ids)].filter((id) => id !== userId);
    if (others.length < GroupLimits.createMin) throw refuse("group.tooFew");
    if (me.role <= 0 && me.group_limit > 0) {
      const owned = await this.repo.countOwnedGroups(userId);
      if (owned >= me.group_limit) throw refuse("group.limitReached");
    }
    await this.checkSize(others.length + 1);
    const users = await this.pickable(me, others);

    const group = await this.repo.insertGroup({
      name: input.name,
      namePy: namePinyin(input.name),
      ownerId: userId,
      memberIds: others,
      setting: JSON.stringify(toGroupSetting("{}")),
      now: this.deps.clock.now(),
    });
    this.deps.avatars.schedule(group.group_id);
    const memberIds = [userId, ...users.map((u) => u.user_id)];
    const line = await this.deps.messages.postGroupEvent(
      { groupId: group.group_id, memberIds },
      me,
      { name: "created", content: EVENT_TEXT.created(me.realname) },
      publicUrl,
    );
    const { publish } = this.deps;
    await publish.toUsers(
      others,
      "addGroup",
      this.contactFor(group, 3, line, 1, publicUrl),
    );
    const mine = this.contactFor(group, 1, line, 0, publicUrl);
    await publish.toUsers([userId], "addGroup", mine);
    return mine;
  }

  /** `getAllUser`: the member picker's people, or a group's members but its owner (transfer). */
  async pickerUsers(
    userId: number,
    input: CallRequest<typeof calls.getAllUser>,
    publicUrl: string,
  ): Promise<PickerUser[]> {
    const chosen = new Set(input.user_ids ?? []);
    if (input.group_id !== undefined) {
      await this.standing(userId, input.group_id);
      const rows = await this.repo.pageMembers(input.group_id, {
        limit: GroupLimits.createMax,
        offset: 0,
      });
      return rows
        .filter((row) => row.role !== 1)
        .map((row) => toPickerUser(row, chosen.has(row.user_id), publicUrl));
    }
    return (await this.reachable(userId, null)).map((user) =>
      toPickerUser(user, chosen.has(user.user_id), publicUrl),
    );
  }

  /** `groupuserlist`: a page of members (all of them when no limit is sent), with the total. */
  async members(
    userId: number,
    input: CallRequest<typeof calls.groupuserlist>,
    publicUrl: string,
  ): Promise<{ members: GroupMember[]; count: number }> {
    await this.standing(userId, input.group_id);
    const limit = input.limit ?? GroupLimits.createMax;
    const [rows, count] = await Promise.all([
      this.repo.pageMembers(input.group_id, {
        limit,
        offset: ((input.page ?? 1) - 1) * limit,
      }),
      this.repo.countMembers(input.group_id),
    ]);
    return {
      members: rows.map((row) => toGroupMember(row, publicUrl)),
      count,
    };
  }

  /** `groupInfo`: the group's card. */
  async info(
    userId: number,
    groupId: number,
    publicUrl: string,
  ): Promise<GroupInfo> {
    const { group, member } = await this.standing(userId, groupId);
    const [owner, count] = await Promise.all([
      this.repo.findOwner(groupId),
      this.repo.countMembers(groupId),
    ]);
    const expires = new Date(this.deps.clock.now() + GroupLimits.qrValidMs);
    return {
      group_id: group.group_id,
      id: groupContactId(group.group_id),
      name: group.name,
      displayName: group.name,
      name_py: group.name_py,
      avatar: avatarUrl(group.avatar, publicUrl),
      owner_id: group.owner_id,
      ownerName: owner?.realname ?? "",
      userInfo: {
        id: owner?.user_id ?? group.owner_id,
        displayName: owner?.realname ?? "",
        account: owner?.account ?? "",
        name_py: owner?.name_py ?? "",
        avatar: avatarUrl(owner?.avatar ?? "", publicUrl),
      },
      notice: group.notice,
      setting: toGroupSetting(group.setting),
      groupUserCount: count,
      isJoin: member.role,
      qrUrl: `${publicUrl}/scan/g/${signToken(
        await this.deps.system.signingKey(QR_PURPOSE),
        { g: groupId, u: userId },
        expires.getTime(),
      )}`,
      qrExpire: `${String(expires.getUTCMonth() + 1)}-${String(expires.getUTCDate())}`,
      status: group.status,
      create_time: group.created_at,
    };
  }

  /**
   * `joinGroup`: joins from a QR link another member made within the last 7 days; refused
   * when the token is forged or expired, its maker has left, or the group is gone or full.
   * Joining a group one is already in changes nothing.
   */
  async joinByQr(
    userId: number,
    input: CallRequest<typeof calls.joinGroup>,
    publicUrl: string,
  ): Promise<Contact> {
    const me = await this.activeUser(userId);
    const now = this.deps.clock.now();
    const key = await this.deps.system.signingKey(QR_PURPOSE);
    const grant = verifyToken(key, input.token, now);
    const groupId = grant?.data.g;
    const inviter = grant?.data.u;
    if (
      typeof groupId !== "number" ||
      typeof inviter !== "number" ||
      (input.group_id !== undefined && input.group_id !== groupId) ||
      (input.inviteUid !== undefined && input.inviteUid !== inviter)
    )
      throw refuse("group.qrInvalid");
    const group = await this.repo.findGroup(groupId);
    if (!group) throw refuse("group.notFound");
    if (!(await this.repo.findMembership(groupId, inviter)))
      throw refuse("group.qrInvalid");
    const mine = await this.repo.findMembership(groupId, userId);
    if (!mine) {
      await this.checkSize((await this.repo.countMembers(groupId)) + 1);
      await this.repo.insertMembers(groupId, [userId], inviter, now);
      this.deps.avatars.schedule(groupId);
      const memberIds = await this.repo.listMemberIds(groupId);
      await this.deps.messages.postGroupEvent(
        { groupId, memberIds },
        me,
        { name: "joinedByQr", content: EVENT_TEXT.joined(me.realname) },
        publicUrl,
      );
      await this.deps.publish.toUsers(
        memberIds.filter((id) => id !== userId),
        "addGroupUser",
        {
          group_id: groupContactId(groupId),
          user_ids: [userId],
          avatar: avatarUrl(group.avatar, publicUrl),
        },
      );
    }
    const contact = (await this.contactsOf(userId, publicUrl)).find(
      (c) => c.group_id === groupId,
    );
    if (!contact) throw refuse("group.changed");
    await this.deps.publish.toUsers([userId], "addGroup", contact);
    return contact;
  }

  /** `editGroupName`: the owner or an administrator renames the group. */
  async rename(
    userId: number,
    groupId: number,
    name: string,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.standing(userId, groupId);
    this.must(me, "group.editInfo", {
      member: membership(member),
      settings: toGroupSetting(group.setting),
    });
    await this.repo.updateName(
      groupId,
      name,
      namePinyin(name),
      this.deps.clock.now(),
    );
    const memberIds = await this.repo.listMemberIds(groupId);
    await this.deps.publish.toUsers(memberIds, "editGroupName", {
      id: groupContactId(groupId),
      displayName: name,
      editUserName: me.realname,
    });
    await this.deps.messages.postGroupEvent(
      { groupId, memberIds },
      me,
      {
        name: "renamed",
        content: EVENT_TEXT.renamed(me.realname, name),
        params: { displayName: name },
      },
      publicUrl,
    );
  }

  /** `addGroupUser`: up to 20 people, by a manager or, with invite on, any member. */
  async addMembers(
    caller: GroupCaller,
    groupId: number,
    userIds: readonly number[],
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me, byConsole } = await this.standingOf(
      caller,
      groupId,
    );
    const userId = me.user_id;
    const settings = toGroupSetting(group.setting);
    this.must(me, "group.addMembers", {
      member: membership(member),
      settings,
    });
    const wanted = [...new Set(userIds)].filter(
      (id) => byConsole || id !== userId,
    );
    if (wanted.length === 0) throw refuse("group.selectToAdd");
    const present = await this.repo.listMembersAmong(groupId, wanted);
    const fresh = wanted.filter((id) => !present.has(id));
    if (fresh.length === 0) return;
    // The console adds any active user, whatever the run mode.
    const users = byConsole
      ? await this.deps.accounts.directory(0, fresh)
      : await this.pickable(me, fresh);
    if (users.length !== fresh.length) throw refuse("group.userNotFound");
    await this.checkSize(
      (await this.repo.countMembers(groupId)) + fresh.length,
    );

    const added = await this.repo.insertMembers(
      groupId,
      fresh,
      userId,
      this.deps.clock.now(),
    );
    if (added.length === 0) return;
    this.deps.avatars.schedule(groupId);
    const memberIds = await this.repo.listMemberIds(groupId);
    const addedUsers = users.filter((u) => added.includes(u.user_id));
    const line = await this.deps.messages.postGroupEvent(
      { groupId, memberIds },
      me,
      {
        name: "added",
        content: EVENT_TEXT.added(me.realname, someNames(addedUsers)),
        params: { names: addedUsers.map((u) => u.realname) },
      },
      publicUrl,
    );
    const { publish } = this.deps;
    await publish.toUsers(
      added,
      "addGroup",
      this.contactFor(group, 3, line, 1, publicUrl),
    );
    await publish.toUsers(
      memberIds.filter((id) => !added.includes(id)),
      "addGroupUser",
      {
        group_id: groupContactId(groupId),
        user_ids: added,
        avatar: avatarUrl(group.avatar, publicUrl),
      },
    );
  }

  /** `removeUser`: a member leaves (`user_id` is theirs), or a manager removes one below them. */
  async removeMember(
    caller: GroupCaller,
    groupId: number,
    targetId: number,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me, byConsole } = await this.standingOf(
      caller,
      groupId,
    );
    const userId = me.user_id;
    const leaving = !byConsole && targetId === userId;
    if (leaving) {
      if (
        denial(this.actor(me), "group.quit", { member: membership(member) }) !==
        null
      )
        throw refuse("group.ownerMustTransfer");
    } else {
      const target = await this.target(groupId, targetId);
      this.must(me, "group.removeMember", {
        member: membership(member),
        target,
      });
    }
    const before = await this.repo.listMemberIds(groupId);
    if (!(await this.repo.deleteMember(groupId, targetId)))
      throw refuse(leaving ? "group.ownerMustTransfer" : "group.changed");
    this.deps.avatars.schedule(groupId);

    const { publish } = this.deps;
    // Everyone who was in, the one who left included, learns it; then the rest see a line.
    await publish.toUsers(before, "removeUser", {
      group_id: groupContactId(groupId),
      user_id: targetId,
      avatar: avatarUrl(group.avatar, publicUrl),
    });
    const remaining = before.filter((id) => id !== targetId);
    const target = leaving
      ? me
      : await this.activeUser(targetId).catch(() => null);
    await this.deps.messages.postGroupEvent(
      { groupId, memberIds: remaining },
      me,
      leaving
        ? { name: "left", content: EVENT_TEXT.left(me.realname) }
        : {
            name: "removed",
            content: EVENT_TEXT.removed(me.realname, target?.realname ?? ""),
            params: { name: target?.realname ?? "" },
          },
      publicUrl,
    );
  }

  /** Names and pictures of live groups, by id (the console's message centre). */
  faces(
    groupIds: readonly number[],
  ): Promise<Map<number, { name: string; avatar: string; name_py: string }>> {
    return this.repo.listGroupFaces(groupIds);
  }

  /** A live group's members for the console (no membership needed), and how many. */
  async memberPage(
    groupId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: MemberRow[]; count: number }> {
    if (!(await this.repo.findGroup(groupId))) throw refuse("group.notFound");
    const [rows, count] = await Promise.all([
      this.repo.pageMembers(groupId, { limit, offset }),
      this.repo.countMembers(groupId),
    ]);
    return { rows, count };
  }

  /**
   * A deleted account's memberships are gone (the console deleted them with the account):
   * each group's members drop it from their lists and the group's picture is drawn again.
   */
  async membersDeparted(
    groupIds: readonly number[],
    userId: number,
    publicUrl: string,
  ): Promise<void> {
    for (const groupId of groupIds) {
      const group = await this.repo.findGroup(groupId);
      if (!group) continue;
      this.deps.avatars.schedule(groupId);
      await this.deps.publish.toUsers(
        await this.repo.listMemberIds(groupId),
        "removeUser",
        {
          group_id: groupContactId(groupId),
          user_id: userId,
          avatar: avatarUrl(group.avatar, publicUrl),
        },
      );
    }
  }

  /** `setManager`: the owner makes a member an administrator (2) or a member again (3). */
  async setManager(
    caller: GroupCaller,
    groupId: number,
    targetId: number,
    role: 2 | 3,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.standingOf(caller, groupId);
    this.must(me, "group.own", { member: membership(member) });
    const target = await this.target(groupId, targetId);
    // The owner's role changes only by a transfer.
    if (target.role === 1) throw refuse("group.noPermission");
    if (!(await this.repo.updateRole(groupId, targetId, role)))
      throw refuse("group.noPermission");
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "setManager",
      {
        group_id: groupContactId(groupId),
        user_id: targetId,
        avatar: avatarUrl(group.avatar, publicUrl),
      },
    );
  }

  /** `changeOwner`: the owner hands the group to a member and becomes a member (role 3). */
  async changeOwner(
    caller: GroupCaller,
    groupId: number,
    targetId: number,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.standingOf(caller, groupId);
    this.must(me, "group.own", { member: membership(member) });
    // From whoever owns it now: the caller, or (through the console) its owner.
    const ownerId = group.owner_id;
    if (targetId === ownerId) throw refuse("group.memberNotFound");
    await this.target(groupId, targetId);
    let moved: boolean;
    try {
      moved = await this.repo.transferOwnership(
        groupId,
        ownerId,
        targetId,
        this.deps.clock.now(),
      );
    } catch (error) {
      if (error instanceof TransferTargetGone)
        throw refuse("group.memberNotFound");
      throw error;
    }
    if (!moved) throw refuse("group.changed");
    // The owner's face comes first in the avatar.
    this.deps.avatars.schedule(groupId);

    const memberIds = await this.repo.listMemberIds(groupId);
    const contactId = groupContactId(groupId);
    const { publish } = this.deps;
    await publish.toUsers(memberIds, "changeOwner", {
      group_id: contactId,
      user_id: targetId,
    });
    // Existing web clients do not handle changeOwner; setManager makes them reload members.
    await publish.toUsers(memberIds, "setManager", {
      group_id: contactId,
      user_id: targetId,
      avatar: avatarUrl(group.avatar, publicUrl),
    });
    const owner = await this.activeUser(targetId).catch(() => null);
    await this.deps.messages.postGroupEvent(
      { groupId, memberIds },
      me,
      {
        name: "owner",
        content: EVENT_TEXT.owner(me.realname, owner?.realname ?? ""),
        params: { name: owner?.realname ?? "" },
      },
      publicUrl,
    );
  }

  /**
   * `removeGroup`: the owner (or the console) disbands the group. Its history ends with a
   * "disbanded" line and stays with the members, read only, until each removes it
   * (`removeDisbanded`, issue 51); they hear `removeGroup` with `disbanded: 1`, which
   * existing clients ignore, removing the contact as before.
   */
  async disband(
    caller: GroupCaller,
    groupId: number,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.standingOf(caller, groupId);
    this.must(me, "group.own", { member: membership(member) });
    const memberIds = await this.repo.listMemberIds(groupId);
    // Marked first: a disband that loses a race (ownership moved) writes no line.
    const closed = await this.repo.disbandGroup(
      groupId,
      group.owner_id,
      this.deps.clock.now(),
    );
    if (!closed) throw refuse("group.changed");
    // The history ends with who disbanded it; members keep it to read.
    await this.deps.messages.postGroupEvent(
      { groupId, memberIds },
      me,
      { name: "disbanded", content: EVENT_TEXT.disbanded(me.realname) },
      publicUrl,
    );
    await this.deps.publish.toUsers(memberIds, "removeGroup", {
      group_id: groupContactId(groupId),
      disbanded: 1,
    });
  }

  /**
   * `removeDisbanded` (issue 51): a former member removes a disbanded group from their list;
   * the last one's removal deletes its messages and frees their files. A live group, or one
   * the caller was not in, answers like a missing one.
   */
  async removeDisbanded(userId: number, groupId: number): Promise<void> {
    const files = await this.repo.removeFormerMember(groupId, userId);
    if (files === null) throw refuse("group.notFound");
    // The group's files that no other message carries are freed.
    await this.deps.files.release(files);
    // The caller's other devices drop the chat (and their held list goes).
    await this.deps.publish.toUsers([userId], "removeGroup", {
      group_id: groupContactId(groupId),
    });
  }

  /**
   * What reading a disbanded group's history needs of a former member (issue 51): where
   * their history starts and the group's settings; null for anyone else or a live group.
   */
  async formerStanding(
    groupId: number,
    userId: number,
  ): Promise<ChatStanding | null> {
    const row = await this.repo.findFormerStanding(groupId, userId);
    return row ? chatStandingOf(row) : null;
  }

  /** `groupSetting`: the owner sets the switches and the speak restriction; others keep theirs. */
  async updateSetting(
    userId: number,
    groupId: number,
    patch: Partial<GroupSetting>,
  ): Promise<void> {
    const { group, member, me } = await this.standing(userId, groupId);
    this.must(me, "group.own", { member: membership(member) });
    const setting: GroupSetting = { ...toGroupSetting(group.setting) };
    for (const key of Object.keys(setting) as (keyof GroupSetting)[]) {
      const value = patch[key];
      if (value !== undefined) Object.assign(setting, { [key]: value });
    }
    await this.repo.updateSetting(
      groupId,
      JSON.stringify(setting),
      this.deps.clock.now(),
    );
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "groupSetting",
      { group_id: groupContactId(groupId), setting },
    );
  }

  /** `setNoSpeak`: a manager mutes a member below them for a preset or a custom time, or lifts it. */
  async mute(
    userId: number,
    groupId: number,
    input: {
      user_id: number;
      noSpeakTimer: number;
      noSpeakDay?: number | undefined;
    },
  ): Promise<void> {
    const { member, me } = await this.standing(userId, groupId);
    const target = await this.target(groupId, input.user_id);
    this.must(me, "group.muteMember", {
      member: membership(member),
      target,
    });
    const duration = muteDuration(input.noSpeakTimer, input.noSpeakDay ?? 0);
    if (duration === null) throw refuse("group.muteInvalid");
    const until = duration === 0 ? null : this.deps.clock.now() + duration;
    if (!(await this.repo.updateMute(groupId, input.user_id, until)))
      throw refuse("group.memberNotFound");
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "setNoSpeak",
      { group_id: groupContactId(groupId), user_id: input.user_id },
    );
  }

  /**
   * `setNotice`: the owner or an administrator publishes the notice; members hear it as the
   * `setNotice` event and as a message mentioning everyone. An empty notice clears it quietly.
   */
  async setNotice(
    userId: number,
    groupId: number,
    notice: string,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.standing(userId, groupId);
    this.must(me, "group.editInfo", {
      member: membership(member),
      settings: toGroupSetting(group.setting),
    });
    await this.repo.updateNotice(groupId, notice, this.deps.clock.now());
    const memberIds = await this.repo.listMemberIds(groupId);
    await this.deps.publish.toUsers(memberIds, "setNotice", {
      group_id: groupContactId(groupId),
      notice,
    });
    if (notice === "") return;
    await this.deps.messages.postGroupEvent(
      { groupId, memberIds },
      me,
      {
        name: "notice",
        content: `群公告：@所有人 ${textToHtml(notice)}`,
        params: { notice },
        toEveryone: true,
      },
      publicUrl,
    );
  }

  /** `clearMessage`: the owner, or a system administrator, deletes the group's records. */
  async clearMessages(userId: number, groupId: number): Promise<void> {
    const me = await this.activeUser(userId);
    const [group, member] = await Promise.all([
      this.repo.findGroup(groupId),
      this.repo.findMembership(groupId, userId),
    ]);
    // A system administrator may clear a group they are not in; to others it is missing.
    if (!group || (!member && me.role <= 0)) throw refuse("group.notFound");
    this.must(me, "group.clearMessages", {
      member: member ? membership(member) : null,
    });
    await this.deps.files.release(
      await this.deps.messages.clearGroupHistory(groupId),
    );
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "clearMessage",
      { group_id: groupContactId(groupId) },
    );
  }

  /**
   * What sending or reading a group's chat needs of a member: their standing and the group's
   * settings; null for a missing group or a non-member (both answer the same).
   */
  async chatStanding(
    groupId: number,
    userId: number,
  ): Promise<
    | (ChatStanding & {
        /** The group's name (a notification's title says it). */
        name: string;
        /** The group as a contact of a member with no chat of it yet (a sent message's `contactInfo`). */
        contact: (publicUrl: string) => Contact;
      })
    | null
  > {
    const member = await this.repo.findChatStanding(groupId, userId);
    if (!member) return null;
    return {
      ...chatStandingOf(member),
      name: member.name,
      contact: (publicUrl) =>
        toGroupContact(
          { ...member, group_id: groupId },
          {
            role: GroupRoles.member,
            unread: 0,
            is_top: 0,
            is_notice: 1,
            is_at: 0,
            lastSendTime: 0,
            lastContent: "",
          },
          publicUrl,
        ),
    };
  }

  /**
   * Whether a group `viewer` shares with `subject` hides members' cards from the viewer: an
   * ordinary member of a group whose profile setting is off (SPEC §6). A manager of one such
   * group is still hidden by another where they are ordinary.
   */
  async hidesProfile(viewer: number, subject: number): Promise<boolean> {
    const shared = await this.repo.listSharedGroups(viewer, subject);
    const actor = this.deps.policy.actor({ userId: viewer, role: 0 });
    return shared.some(
      (group) =>
        denial(actor, "group.viewProfile", {
          member: { role: group.role, mutedUntil: 0 },
          settings: toGroupSetting(group.setting),
        }) !== null,
    );
  }

  /** `readers`: who has read a group message (the messages feature holds read positions). */
  readers(
    userId: number,
    groupId: number,
    msgId: number,
    publicUrl: string,
  ): Promise<{ read: MemberUser[]; unread: MemberUser[] }> {
    return this.deps.messages.groupReaders(userId, groupId, msgId, publicUrl);
  }

  /** How many members a group has, counted no further than `upTo` (a size decision). */
  memberCountUpTo(groupId: number, upTo: number): Promise<number> {
    return this.repo.countMembersUpTo(groupId, upTo);
  }

  /** The owner and administrators of a group. */
  managerIds(groupId: number): Promise<number[]> {
    return this.repo.listMemberIds(groupId, { managersOnly: true });
  }

  /** Every member of a group, for delivering its messages (kept while none joins or leaves). */
  memberIds(groupId: number): Promise<readonly number[]> {
    return this.memberLists.memberIds(groupId);
  }

  /** Which of these users are members of the group. */
  membersAmong(
    groupId: number,
    userIds: readonly number[],
  ): Promise<Set<number>> {
    return this.repo.listMembersAmong(groupId, userIds);
  }

  /** The group roles of those of these users who are members (1 owner, 2 admin, 3 member). */
  rolesAmong(
    groupId: number,
    userIds: readonly number[],
  ): Promise<Map<number, number>> {
    return this.repo.listRolesAmong(groupId, userIds);
  }

  /** Which of these groups the user is in. */
  memberOf(userId: number, groupIds: readonly number[]): Promise<Set<number>> {
    return this.repo.listGroupsAmong(userId, groupIds);
  }

  /** The caller's groups as contacts, for the contact list (one query). */
  /** A member's picture or name changed: the group avatars that show it are drawn again. */
  async memberPictureChanged(userId: number): Promise<void> {
    const groupIds = await this.repo.listGroupsShowing(
      userId,
      GROUP_AVATAR_FACES,
    );
    for (const groupId of groupIds) this.deps.avatars.schedule(groupId);
  }

  /**
   * The user's groups as contacts; `now` stands as the send time of a group without
   * messages (the contact list holds its lists with a mark there, filled per answer).
   */
  async contactsOf(
    userId: number,
    publicUrl: string,
    now = this.deps.clock.now(),
  ): Promise<Contact[]> {
    const rows = await this.repo.listUserGroups(userId);
    return rows.map((row) => userGroupToContact(row, now, publicUrl, userId));
  }
}
