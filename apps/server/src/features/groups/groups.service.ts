import type { groups as calls } from "@parley/protocol";
import {
  type CallRequest,
  type Contact,
  denial,
  type DirectoryGroup,
  type GroupInfo,
  type GroupMember,
  GroupLimits,
  type GroupSetting,
  groupContactId,
  type PickerUser,
  textToHtml,
} from "@parley/protocol";
import { Emitter } from "../../events.js";
import { refuse } from "../../lib/errors.js";
import { signToken } from "../../lib/signing.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { namePinyin } from "../accounts/accounts.service.js";
import {
  toDirectoryGroup,
  toPickerUser,
  toGroupMember,
  toGroupSetting,
} from "./groups.mapper.js";
import type { GroupsDeps, GroupCaller } from "./groups.deps.js";
import { EVENT_TEXT, GroupRules, QR_PURPOSE } from "./group-rules.js";
import { MembershipService, membershipOf } from "./membership.service.js";
import { MembersService } from "./members.service.js";
import type { GroupEventMap } from "./groups.ports.js";

export type { GroupCaller, GroupsDeps, GroupsPorts } from "./groups.deps.js";

/**
 * Groups (wire-contract.md §2.5, SPEC §4 and §6): every call checks that the caller is a
 * member — a group they are not in answers exactly like a missing one — and their role
 * through the capability table; events go only to the members, after the commit. This
 * service keeps a group's life (made, named, set, cleared, disbanded); who is in it is
 * MembershipService's to read and MembersService's to change. It is the feature's one
 * face: what other features' ports pick from (groups.ports.ts).
 */
export class GroupsService {
  /** What groups tells the features above it (groups.ports.ts). */
  readonly events = new Emitter<GroupEventMap>();
  private readonly repo: GroupsDeps["repo"];
  private readonly rules: GroupRules;
  readonly faces: MembershipService["faces"];
  readonly readableGroups: MembershipService["readableGroups"];
  readonly memberPage: MembershipService["memberPage"];
  readonly membersDeparted: MembershipService["membersDeparted"];
  readonly formerStanding: MembershipService["formerStanding"];
  readonly chatStanding: MembershipService["chatStanding"];
  readonly hidesProfile: MembershipService["hidesProfile"];
  readonly readers: MembershipService["readers"];
  readonly memberCountUpTo: MembershipService["memberCountUpTo"];
  readonly managerIds: MembershipService["managerIds"];
  readonly memberIds: MembershipService["memberIds"];
  readonly viewerIds: MembershipService["viewerIds"];
  readonly membersAmong: MembershipService["membersAmong"];
  readonly rolesAmong: MembershipService["rolesAmong"];
  readonly memberOf: MembershipService["memberOf"];
  readonly memberPictureChanged: MembershipService["memberPictureChanged"];
  readonly contactsOf: MembershipService["contactsOf"];
  readonly ownedGroupCount: MembershipService["ownedGroupCount"];
  readonly joinByQr: MembersService["joinByQr"];
  readonly joinPublic: MembersService["joinPublic"];
  readonly addMembers: MembersService["addMembers"];
  readonly removeMember: MembersService["removeMember"];
  readonly setManager: MembersService["setManager"];
  readonly changeOwner: MembersService["changeOwner"];
  readonly mute: MembersService["mute"];

  constructor(private readonly deps: GroupsDeps) {
    this.repo = deps.repo;
    this.rules = new GroupRules(deps);
    const reads = new MembershipService(deps);
    const members = new MembersService(deps, this.rules, reads);
    this.faces = reads.faces.bind(reads);
    this.readableGroups = reads.readableGroups.bind(reads);
    this.memberPage = reads.memberPage.bind(reads);
    this.membersDeparted = reads.membersDeparted.bind(reads);
    this.formerStanding = reads.formerStanding.bind(reads);
    this.chatStanding = reads.chatStanding.bind(reads);
    this.hidesProfile = reads.hidesProfile.bind(reads);
    this.readers = reads.readers.bind(reads);
    this.memberCountUpTo = reads.memberCountUpTo.bind(reads);
    this.managerIds = reads.managerIds.bind(reads);
    this.memberIds = reads.memberIds.bind(reads);
    this.viewerIds = reads.viewerIds.bind(reads);
    this.membersAmong = reads.membersAmong.bind(reads);
    this.rolesAmong = reads.rolesAmong.bind(reads);
    this.memberOf = reads.memberOf.bind(reads);
    this.memberPictureChanged = reads.memberPictureChanged.bind(reads);
    this.contactsOf = reads.contactsOf.bind(reads);
    this.ownedGroupCount = reads.ownedGroupCount.bind(reads);
    this.joinByQr = members.joinByQr.bind(members);
    this.joinPublic = members.joinPublic.bind(members);
    this.addMembers = members.addMembers.bind(members);
    this.removeMember = members.removeMember.bind(members);
    this.setManager = members.setManager.bind(members);
    this.changeOwner = members.changeOwner.bind(members);
    this.mute = members.mute.bind(members);
  }

  /**
   * Refuses unless the user may manage the group's webhooks (issue 48): its owner and
   * administrators, or a system administrator. A group they are not in and may not manage
   * answers like a missing one.
   */
  async mayManageHooks(userId: number, groupId: number): Promise<void> {
    const me = await this.rules.activeUser(userId);
    const [group, member] = await Promise.all([
      this.repo.findGroup(groupId),
      this.repo.findMembership(groupId, userId),
    ]);
    if (!group) throw refuse("group.notFound");
    const refused = denial(this.rules.actor(me), "group.manageHooks", {
      member: member ? membershipOf(member) : null,
    });
    if (refused !== null)
      throw refuse(member ? "group.noPermission" : "group.notFound");
  }

  /** A webhook's bot joins the group, added by the manager who made the hook. */
  async addHookBot(
    groupId: number,
    botId: number,
    by: number,
    publicUrl: string,
  ): Promise<void> {
    // As the console adds: any active account, whatever the run mode or invite setting.
    await this.addMembers({ console: by }, groupId, [botId], publicUrl);
  }

  /** `add`: a group of the caller (its owner) and at least two others. */
  async create(
    userId: number,
    input: CallRequest<typeof calls.add>,
    publicUrl: string,
  ): Promise<Contact> {
    const me = await this.rules.activeUser(userId);
    // A bot joins groups; it never owns one (extensions.md §9).
    if (me.is_bot === 1) throw refuse("bot.notOwner");
    const config = await this.deps.policy.config();
    if (denial(this.rules.actor(me), "group.create", { config }) !== null)
      throw refuse("group.disabled");
    const others = [...new Set(input.user_ids)].filter((id) => id !== userId);
    if (others.length < GroupLimits.createMin) throw refuse("group.tooFew");
    if (me.role <= 0 && me.group_limit > 0) {
      const owned = await this.repo.countOwnedGroups(userId);
      if (owned >= me.group_limit) throw refuse("group.limitReached");
    }
    await this.rules.checkSize(others.length + 1);
    const users = await this.rules.pickable(me, others);

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
      this.rules.contactFor(group, 3, line, 1, publicUrl),
    );
    const mine = this.rules.contactFor(group, 1, line, 0, publicUrl);
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
      await this.rules.standing(userId, input.group_id);
      const rows = await this.repo.pageMembers(input.group_id, {
        limit: GroupLimits.createMax,
        offset: 0,
      });
      return rows
        .filter((row) => row.role !== 1)
        .map((row) => toPickerUser(row, chosen.has(row.user_id), publicUrl));
    }
    return (await this.rules.reachable(userId, null)).map((user) =>
      toPickerUser(user, chosen.has(user.user_id), publicUrl),
    );
  }

  /** `groupuserlist`: a page of members (all of them when no limit is sent), with the total. */
  async members(
    userId: number,
    input: CallRequest<typeof calls.groupuserlist>,
    publicUrl: string,
  ): Promise<{ members: GroupMember[]; count: number }> {
    await this.rules.standing(userId, input.group_id);
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
    const { group, member } = await this.rules.standing(userId, groupId);
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
      description: group.description,
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

  /** `editGroupName`: the owner or an administrator renames the group. */
  async rename(
    userId: number,
    groupId: number,
    name: string,
    publicUrl: string,
  ): Promise<void> {
    const { group, member, me } = await this.rules.standing(userId, groupId);
    this.rules.must(me, "group.editInfo", {
      member: membershipOf(member),
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
    const { group, member, me } = await this.rules.standingOf(caller, groupId);
    this.rules.must(me, "group.own", { member: membershipOf(member) });
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
    await this.events.emit("filesDropped", { fileIds: files });
    // The caller's other devices drop the chat (and their held list goes).
    await this.deps.publish.toUsers([userId], "removeGroup", {
      group_id: groupContactId(groupId),
    });
  }

  /** `groupSetting`: the owner sets the switches and the speak restriction; others keep theirs. */
  async updateSetting(
    userId: number,
    groupId: number,
    patch: Partial<GroupSetting>,
  ): Promise<void> {
    const { group, member, me } = await this.rules.standing(userId, groupId);
    // Issue 45: an administrator may open or close the group to the directory; every other
    // switch is the owner's.
    const onlyPublic = Object.keys(patch).every((key) => key === "public");
    if (onlyPublic)
      this.rules.must(me, "group.setPublic", { member: membershipOf(member) });
    else this.rules.must(me, "group.own", { member: membershipOf(member) });
    if (patch.public === "1") await this.rules.checkPublicGroupsOn();
    const setting: GroupSetting = { ...toGroupSetting(group.setting) };
    for (const key of Object.keys(setting) as (keyof GroupSetting)[]) {
      const value = patch[key];
      if (value !== undefined) Object.assign(setting, { [key]: value });
    }
    await this.repo.updateSetting(
      groupId,
      JSON.stringify(setting),
      setting.public === "1",
      this.deps.clock.now(),
    );
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "groupSetting",
      { group_id: groupContactId(groupId), setting },
    );
  }

  /**
   * `directory` (issue 45): the public groups matching `keywords`, by name (pinyin order),
   * a page at a time, with how many match; none while the console turns public groups off.
   */
  async directory(
    userId: number,
    input: {
      keywords?: string | undefined;
      page?: number | undefined;
      limit?: number | undefined;
    },
    publicUrl: string,
  ): Promise<{ groups: DirectoryGroup[]; count: number }> {
    await this.rules.activeUser(userId);
    // Turned off by the console: nothing to list (joining says why).
    if (!(await this.rules.publicGroupsOn())) return { groups: [], count: 0 };
    const limit = input.limit ?? 20;
    const { rows, total } = await this.repo.listPublicGroups({
      keywords: input.keywords ?? "",
      viewer: userId,
      offset: ((input.page ?? 1) - 1) * limit,
      limit,
    });
    return {
      groups: rows.map((row) => toDirectoryGroup(row, publicUrl)),
      count: total,
    };
  }

  /**
   * The global search's groups (issue 45): my groups named like `keywords`, and public
   * ones unless the console turns public groups off; mine first; at most `limit`.
   */
  async findGroups(
    userId: number,
    keywords: string,
    limit: number,
    publicUrl: string,
  ): Promise<DirectoryGroup[]> {
    if (keywords === "") return [];
    const rows = await this.repo.findGroupsNamed({
      keywords,
      viewer: userId,
      withPublic: await this.rules.publicGroupsOn(),
      limit,
    });
    return rows.map((row) => toDirectoryGroup(row, publicUrl));
  }

  /** `setDescription` (issue 45): the owner or an administrator says what the group is for. */
  async setDescription(
    userId: number,
    groupId: number,
    description: string,
  ): Promise<void> {
    const { group, member, me } = await this.rules.standing(userId, groupId);
    this.rules.must(me, "group.editInfo", {
      member: membershipOf(member),
      settings: toGroupSetting(group.setting),
    });
    await this.repo.updateDescription(
      groupId,
      description,
      this.deps.clock.now(),
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
    const { group, member, me } = await this.rules.standing(userId, groupId);
    this.rules.must(me, "group.editInfo", {
      member: membershipOf(member),
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
    const me = await this.rules.activeUser(userId);
    const [group, member] = await Promise.all([
      this.repo.findGroup(groupId),
      this.repo.findMembership(groupId, userId),
    ]);
    // A system administrator may clear a group they are not in; to others it is missing.
    if (!group || (!member && me.role <= 0)) throw refuse("group.notFound");
    this.rules.must(me, "group.clearMessages", {
      member: member ? membershipOf(member) : null,
    });
    await this.events.emit("filesDropped", {
      fileIds: await this.deps.messages.clearGroupHistory(groupId),
    });
    await this.deps.publish.toUsers(
      await this.repo.listMemberIds(groupId),
      "clearMessage",
      { group_id: groupContactId(groupId) },
    );
  }
}
