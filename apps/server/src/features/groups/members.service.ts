import type { groups as calls } from "@parley/protocol";
import {
  type CallRequest,
  type Contact,
  denial,
  groupContactId,
  muteDuration,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { verifyToken } from "../../lib/signing.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { toGroupSetting } from "./groups.mapper.js";
import { TransferTargetGone } from "./groups.repository.js";
import type { GroupsDeps, GroupCaller } from "./groups.deps.js";
import { type MembershipService, membershipOf } from "./membership.service.js";
import {
  EVENT_TEXT,
  type GroupRules,
  QR_PURPOSE,
  someNames,
} from "./group-rules.js";

/**
 * Who is in a group and in which role, changed: joining by the group's QR code, adding and
 * removing members, administrators, the owner, mutes. Each change is checked, stored, then
 * pushed to the members with the line it leaves in the chat.
 */
export class MembersService {
  private readonly repo: GroupsDeps["repo"];

  constructor(
    private readonly deps: GroupsDeps,
    private readonly rules: GroupRules,
    private readonly reads: MembershipService,
  ) {
    this.repo = deps.repo;
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
    const me = await this.rules.activeUser(userId);
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
    return this.enter(
      me,
      group,
      inviter,
      { name: "joinedByQr", content: EVENT_TEXT.joined(me.realname) },
      publicUrl,
    );
  }

  /**
   * `join` (issue 45): joins a public group from the directory, as an invitation would;
   * a group that is not public is refused as one that does not exist, and every public
   * group while the console turns them off.
   */
  async joinPublic(
    userId: number,
    groupId: number,
    publicUrl: string,
  ): Promise<Contact> {
    const me = await this.rules.activeUser(userId);
    const group = await this.repo.findGroup(groupId);
    if (!group || toGroupSetting(group.setting).public !== "1")
      throw refuse("group.notFound");
    await this.rules.checkPublicGroupsOn();
    return this.enter(
      me,
      group,
      userId,
      { name: "joinedPublic", content: EVENT_TEXT.joinedPublic(me.realname) },
      publicUrl,
    );
  }

  /**
   * One person in a group they are not in yet (a QR link, the directory): within its size,
   * with a line in its chat and the members told; already in, nothing changes. Answers the
   * group as their contact.
   */
  private async enter(
    me: Awaited<ReturnType<GroupRules["activeUser"]>>,
    group: NonNullable<Awaited<ReturnType<GroupsDeps["repo"]["findGroup"]>>>,
    invitedBy: number,
    line: { name: string; content: string },
    publicUrl: string,
  ): Promise<Contact> {
    const userId = me.user_id;
    const groupId = group.group_id;
    const mine = await this.repo.findMembership(groupId, userId);
    if (!mine) {
      await this.rules.checkSize((await this.repo.countMembers(groupId)) + 1);
      await this.repo.insertMembers(
        groupId,
        [userId],
        invitedBy,
        this.deps.clock.now(),
      );
      this.deps.avatars.schedule(groupId);
      const memberIds = await this.repo.listMemberIds(groupId);
      await this.deps.messages.postGroupEvent(
        { groupId, memberIds },
        me,
        line,
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
    const contact = (await this.reads.contactsOf(userId, publicUrl)).find(
      (c) => c.group_id === groupId,
    );
    if (!contact) throw refuse("group.changed");
    await this.deps.publish.toUsers([userId], "addGroup", contact);
    return contact;
  }

  /** `addGroupUser`: up to 20 people, by a manager or, with invite on, any member. */
  async addMembers(
    caller: GroupCaller,
    groupId: number,
    userIds: readonly number[],
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me, byConsole } = await this.rules.standingOf(
      caller,
      groupId,
    );
    const userId = me.user_id;
    const settings = toGroupSetting(group.setting);
    this.rules.must(me, "group.addMembers", {
      member: membershipOf(member),
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
      : await this.rules.pickable(me, fresh);
    if (users.length !== fresh.length) throw refuse("group.userNotFound");
    await this.rules.checkSize(
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
      this.rules.contactFor(group, 3, line, 1, publicUrl),
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
    const { group, member, me, byConsole } = await this.rules.standingOf(
      caller,
      groupId,
    );
    const userId = me.user_id;
    const leaving = !byConsole && targetId === userId;
    if (leaving) {
      if (
        denial(this.rules.actor(me), "group.quit", {
          member: membershipOf(member),
        }) !== null
      )
        throw refuse("group.ownerMustTransfer");
    } else {
      const target = await this.rules.target(groupId, targetId);
      this.rules.must(me, "group.removeMember", {
        member: membershipOf(member),
        target,
      });
    }
    const before = await this.repo.listMemberIds(groupId);
    if (!(await this.repo.deleteMember(groupId, targetId)))
      throw refuse(leaving ? "group.ownerMustTransfer" : "group.changed");
    this.deps.avatars.schedule(groupId);
    await this.deps.messages.unfollowGroupThreads(groupId, targetId);

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
      : await this.rules.activeUser(targetId).catch(() => null);
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

  /** `setManager`: the owner makes a member an administrator (2) or a member again (3). */
  async setManager(
    caller: GroupCaller,
    groupId: number,
    targetId: number,
    role: 2 | 3,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.rules.standingOf(caller, groupId);
    this.rules.must(me, "group.own", { member: membershipOf(member) });
    const target = await this.rules.target(groupId, targetId);
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
    const { group, member, me } = await this.rules.standingOf(caller, groupId);
    this.rules.must(me, "group.own", { member: membershipOf(member) });
    // From whoever owns it now: the caller, or (through the console) its owner.
    const ownerId = group.owner_id;
    if (targetId === ownerId) throw refuse("group.memberNotFound");
    await this.rules.target(groupId, targetId);
    // A bot never owns a group (extensions.md §9).
    if ((await this.rules.activeUser(targetId)).is_bot === 1)
      throw refuse("bot.notOwner");
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
    const owner = await this.rules.activeUser(targetId).catch(() => null);
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
    const { member, me } = await this.rules.standing(userId, groupId);
    const target = await this.rules.target(groupId, input.user_id);
    this.rules.must(me, "group.muteMember", {
      member: membershipOf(member),
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
}
