import {
  type Contact,
  denial,
  groupContactId,
  GroupRoles,
  type MemberUser,
  type Membership,
} from "@parley/protocol";
import { GROUP_AVATAR_FACES } from "./group-avatar.js";
import { MemberLists } from "./member-lists.js";
import { refuse } from "../../lib/errors.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import {
  toGroupContact,
  toGroupSetting,
  userGroupToContact,
} from "./groups.mapper.js";
import type { MemberState } from "./groups.repository.js";
import type { MemberRow } from "./membership.repository.js";
import type { GroupsDeps } from "./groups.deps.js";
import type { ChatStanding } from "../messages/messages.deps.js";

export const membershipOf = (member: MemberState): Membership => ({
  role: member.role,
  mutedUntil: member.muted_until ?? 0,
});

const chatStandingOf = (
  row: MemberState & { joined_seq: number; setting: string },
): ChatStanding => ({
  member: membershipOf(row),
  joinedSeq: row.joined_seq,
  setting: toGroupSetting(row.setting),
});

/**
 * Who is in a group, in which role, and whether they may chat there: what other features
 * ask of groups (the GroupMembership port), and the console's member lists. Reads only,
 * but for a member's new picture, which redraws the group pictures showing it.
 */
export class MembershipService {
  private readonly repo: GroupsDeps["repo"];
  private readonly memberLists: MemberLists;

  constructor(
    private readonly deps: Pick<
      GroupsDeps,
      "repo" | "avatars" | "clock" | "publish" | "policy" | "messages"
    >,
  ) {
    this.repo = deps.repo;
    this.memberLists = new MemberLists(deps.repo);
  }

  /**
   * The groups whose chats a user may read, each with the last seq before what they may
   * read (their join when the group's history is off, else 0): the global search's groups.
   */
  async readableGroups(
    userId: number,
  ): Promise<{ groupId: number; afterSeq: number }[]> {
    const rows = await this.repo.listReadableGroups(userId);
    return rows.map((row) => ({
      groupId: row.group_id,
      afterSeq:
        toGroupSetting(row.setting).history === "0" ? row.joined_seq : 0,
    }));
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

  /**
   * The members who see a group message of sequence number `seq`: everyone, but in a
   * group that hides history from newcomers those who joined after it (the history
   * service's rule), so a change to it reaches no one it was hidden from.
   */
  async viewerIds(groupId: number, seq: number): Promise<readonly number[]> {
    const { setting, members } = await this.repo.listMembersWithStart(groupId);
    const hides = toGroupSetting(setting).history === "0";
    return members.filter((m) => !hides || seq > m.joinedSeq).map((m) => m.id);
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

  /** How many live groups a user owns (an account that owns one cannot be deleted). */
  ownedGroupCount(userId: number): Promise<number> {
    return this.repo.countOwnedGroups(userId);
  }
}
