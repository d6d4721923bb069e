import {
  type Action,
  type Contact,
  denial,
  type SubjectArgs,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { type ActiveUser } from "../accounts/accounts.service.js";
import { toGroupContact } from "./groups.mapper.js";
import { type GroupRow, type MemberState } from "./groups.repository.js";
import type { GroupsDeps, GroupCaller, Standing } from "./groups.deps.js";

/** The event lines the server writes into a group's chat (existing clients show `content`). */
export const EVENT_TEXT = {
  created: (actor: string) => `${actor} 创建了群聊`,
  renamed: (actor: string, name: string) => `${actor} 修改群名为“${name}”`,
  added: (actor: string, names: string) => `${actor} 邀请 ${names} 加入了群聊`,
  left: (actor: string) => `${actor} 退出了群聊`,
  removed: (actor: string, name: string) => `${actor} 将 ${name} 移出了群聊`,
  owner: (actor: string, name: string) => `${actor} 将群主转让给 ${name}`,
  joined: (actor: string) => `${actor} 通过扫描二维码加入了群聊`,
  joinedPublic: (actor: string) => `${actor} 加入了群聊`,
  disbanded: (actor: string) => `${actor} 解散了群聊`,
};

/** What the group QR's tokens are signed for. */
export const QR_PURPOSE = "groupQr";

/** A few names for an event line: the first ten, then how many more. */
export function someNames(users: readonly { realname: string }[]): string {
  const shown = users.slice(0, 10).map((u) => u.realname);
  const more = users.length - shown.length;
  return more > 0
    ? `${shown.join("、")} 等 ${users.length} 人`
    : shown.join("、");
}

/**
 * Who may do what in a group, and who they are: the checks every group call starts with
 * (a group the caller is not in answers exactly like a missing one; roles through the
 * capability table), shared by the group's services.
 */
export class GroupRules {
  private readonly repo: GroupsDeps["repo"];

  constructor(
    private readonly deps: Pick<
      GroupsDeps,
      "repo" | "accounts" | "friends" | "system" | "policy" | "clock"
    >,
  ) {
    this.repo = deps.repo;
  }

  async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /** The caller's standing in a live group; missing and not-a-member answer the same. */
  async standing(userId: number, groupId: number): Promise<Standing> {
    const [group, member] = await Promise.all([
      this.repo.findGroup(groupId),
      this.repo.findMembership(groupId, userId),
    ]);
    if (!group || !member) throw refuse("group.notFound");
    return { group, member, me: await this.activeUser(userId) };
  }

  /** A caller's standing; the console's stands as the owner, whether a member or not. */
  async standingOf(
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

  actor(me: ActiveUser) {
    return this.deps.policy.actor({ userId: me.user_id, role: me.role });
  }

  /** Refuses with `group.noPermission` unless the capability table lets the caller act. */
  must<A extends Action>(
    me: ActiveUser,
    action: A,
    ...subject: SubjectArgs<A>
  ): void {
    if (denial(this.actor(me), action, ...subject) !== null)
      throw refuse("group.noPermission");
  }

  /** Another member of the group, or the refusal for one who is not. */
  async target(groupId: number, userId: number): Promise<MemberState> {
    const member = await this.repo.findMembership(groupId, userId);
    if (!member) throw refuse("group.memberNotFound");
    return member;
  }

  /**
   * The users a caller may put in a group, all of them or a refusal: active users (run
   * mode 1) or the caller's friends (run mode 2).
   */
  async pickable(
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
  async reachable(userId: number, onlyIds: readonly number[] | null) {
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
  /** Whether the console allows public groups (issue 45). */
  async publicGroupsOn(): Promise<boolean> {
    return (await this.deps.system.config()).chatInfo.publicGroups !== "0";
  }

  /** Refuses while the console turns public groups off. */
  async checkPublicGroupsOn(): Promise<void> {
    if (!(await this.publicGroupsOn())) throw refuse("group.publicOff");
  }

  async checkSize(count: number): Promise<void> {
    const config = await this.deps.system.config();
    const max = Number(config.chatInfo.groupUserMax) || 0;
    if (max > 0 && count > max) throw refuse("group.full", { max });
  }

  contactFor(
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
}
