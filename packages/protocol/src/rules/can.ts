import type { ChatInfo, SysInfo } from "../entities/config.js";
import { type Actor, isStaff, mayOpenConsole } from "./actor.js";

export { type Actor, mayOpenConsole, visitor } from "./actor.js";

/*
 * The capability table of SPEC §6: every role rule, written once, as pure functions. The
 * server enforces it (it is the authority); the web client asks the same question to show
 * or hide a control. A role rule written anywhere else is a bug waiting to diverge.
 */

/** The config switches the rules read, as the wire carries them (strings); a GlobalConfig fits. */
export interface Switches {
  readonly sysInfo: Pick<SysInfo, "runMode">;
  readonly chatInfo: Pick<
    ChatInfo,
    "simpleChat" | "groupChat" | "webrtc" | "dbDelMsg" | "redoTime" | "editTime"
  >;
}

/** Roles inside a group (SPEC §3 Chat contact): 1 owner, 2 administrator, 3 member. */
export const GroupRoles = { owner: 1, admin: 2, member: 3 } as const;

/** The group settings the rules read (SPEC §3 Group): each "0" or "1", nospeak up to "2". */
export interface GroupSettings {
  readonly manage: string;
  readonly invite: string;
  readonly profile: string;
  readonly nospeak: string;
}

/** The actor's membership of a group. */
export interface Membership {
  /** 1 owner, 2 administrator, 3 member. */
  readonly role: number;
  /** Muted until this time (ms); 0 or past when not muted. */
  readonly mutedUntil: number;
}

/** Why a rule said no; the server turns it into the message its call answers with. */
export type Denial =
  /** The actor lacks the role. */
  | "role"
  /** A config switch is off (single chat, group chat, calls, deletion). */
  | "switchedOff"
  /** Run mode 2 and the two are not friends. */
  | "notFriend"
  /** The feature exists only in the other run mode. */
  | "runMode"
  /** The member is muted, or the group's speak restriction applies. */
  | "muted"
  /** A time window has passed (withdrawal). */
  | "expired"
  /** Demo mode: the console is for looking, never for changing. */
  | "demo"
  /** An administrator acting on their own account where that would lock them out. */
  | "self";

/** Each action and what the rule needs to know of its subject. */
export interface Subjects {
  /** See the manage menu and open /manage routes (SPEC §6, §4 routing guard). */
  "console.open": null;
  /** Change anything through the console: an administrator, and never in demo mode. */
  "console.write": null;
  /**
   * Change a user's account through the console (issue 12): an administrator changes
   * ordinary users; only a super administrator (role 1) changes another administrator or
   * anyone's role; nobody disables, deletes or changes the role of their own account.
   */
  "console.manageUser": {
    target: { userId: number; role: number };
    change: UserChange;
  };
  /**
   * Publish, change or withdraw a system notice, which reaches every user: a super
   * administrator (role 1) only, as the old server allowed uid 1 only.
   */
  "console.publishNotice": null;
  /**
   * Change the mail and storage settings, which hold the server's secrets (the mail
   * password, the bucket's keys) and say where they are sent: a super administrator
   * (role 1) only.
   */
  "console.deliverySettings": null;
  /** Sign in while the system is closed (sysInfo.state 0). */
  "system.enterClosed": null;
  /** Chat one-to-one with a user: single chat on, and friends in run mode 2; staff always may. */
  "chat.direct": {
    config: Switches;
    peer: { role: number };
    /** Each has the other in their friend list. */
    friends: boolean;
  };
  /** The friend-request entry and friend deletion: run mode 2 only. */
  "friends.manage": { config: Switches };
  /**
   * Change one's own display name: always in run mode 2; in run mode 1 (enterprise) only
   * while `sysInfo.diyName` is "1" (wire-contract.md §3: "allows renaming in enterprise mode").
   */
  "user.rename": { config: { sysInfo: Pick<SysInfo, "runMode" | "diyName"> } };
  /**
   * See someone's email, IP and its location on their card (SPEC §2 User card): oneself
   * always; others when they are a friend or run mode is 1, the IP only with ipregion on.
   */
  "user.seeContactDetails": {
    config: { sysInfo: Pick<SysInfo, "runMode"> };
    self: boolean;
    friends: boolean;
  };
  /** The card's "add friend": run mode 2, someone else who is not yet a friend. */
  "user.addFriend": {
    config: { sysInfo: Pick<SysInfo, "runMode"> };
    self: boolean;
    friends: boolean;
  };
  /** Start a voice or video call: calls on and single chat on. */
  "call.start": { config: Switches };
  /** Start a video call: a call may start and video calls are on (SPEC §8 "video call not enabled"). */
  "call.video": {
    config: Switches & { readonly chatInfo: Pick<ChatInfo, "videoCall"> };
  };
  /** Create a group: group chat on. */
  "group.create": { config: Switches };
  /** The group manage icon, settings, speak restriction, administrators, transfer, disband. */
  "group.own": { member: Membership };
  /** Clear a group's records: its owner, or a system administrator. */
  "group.clearMessages": { member: Membership | null };
  /** Edit the group name or publish a notice (the server's rule). */
  /**
   * Edit the group's notice and name: managers, or any member while the group's `manage`
   * setting is on (SPEC §6; issue 51 item 6).
   */
  "group.editInfo": { member: Membership; settings: GroupSettings };
  /** Open a group to the directory, or close it (issue 45): its owner and administrators. */
  "group.setPublic": { member: Membership };
  /**
   * A group's webhooks (issue 48, extensions.md §9): its owner and administrators, or a
   * system administrator for any group (`member` null: not in it).
   */
  "group.manageHooks": { member: Membership | null };
  /** Show the notice edit icon (SPEC §6): exactly who may edit the notice. */
  "group.editNoticeIcon": { member: Membership; settings: GroupSettings };
  /** Mention everyone (`@all`, at 0): the owner and administrators. */
  "group.mentionEveryone": { member: Membership };
  /** Add members: managers, or anyone when the invite setting is on. */
  "group.addMembers": { member: Membership; settings: GroupSettings };
  /** View another member's profile: managers, or anyone unless profiles are hidden. */
  "group.viewProfile": { member: Membership; settings: GroupSettings };
  /** Remove a member: a manager, of a member ranked below them. */
  "group.removeMember": { member: Membership; target: { role: number } };
  /** Mute a member: a manager, of a member ranked below them who is not the owner. */
  "group.muteMember": { member: Membership; target: { role: number } };
  /** Withdraw someone else's message in a group. */
  "group.withdrawOthers": { member: Membership };
  /** Leave the group: anyone but the owner, who transfers it first. */
  "group.quit": { member: Membership };
  /** Send to a group: not muted, and the speak restriction allows the role. */
  "group.send": { member: Membership; settings: GroupSettings; now: number };
  /**
   * See who has read a group message: its sender, and the owner and administrators in
   * groups under `READ_RECEIPTS_MANAGER_MAX` members (issue 8, beyond SPEC).
   */
  "group.readReceipts": {
    member: Membership;
    isSender: boolean;
    memberCount: number;
  };
  /**
   * Withdraw a message (SPEC §5 Chat): one's own within redoTime seconds of sending; in a
   * group, its owner and administrators at any time — the owner anyone's, an administrator
   * their own and ordinary members'.
   */
  "message.withdraw": {
    config: Switches;
    message: { fromUser: number; sendTime: number };
    now: number;
    /** In a group: the actor's membership and the sender's role there (0 if gone). */
    group?: { member: Membership; senderRole: number };
  };
  /**
   * Edit a sent message (extensions.md §2): one's own text message, never a withdrawn one,
   * within editTime seconds of sending ("0" no limit).
   */
  "message.edit": {
    config: Switches;
    message: {
      fromUser: number;
      sendTime: number;
      type: string;
      withdrawn: boolean;
    };
    now: number;
  };
  /** Delete a message for everyone: one's own, in a one-to-one chat, with dbDelMsg on. */
  "message.delete": {
    config: Switches;
    message: { fromUser: number; isGroup: boolean };
  };
}

/**
 * What the console changes about a user: their profile, their password, their status
 * (enabled or disabled), their account (deleted) or their role.
 */
export type UserChange = "edit" | "password" | "status" | "delete" | "role";

/** System roles (wire-contract.md §2.8): 0 a user, 1 super administrator, 2 administrator. */
export const SystemRoles = { user: 0, super: 1, admin: 2 } as const;

/** An action of the capability table. */
export type Action = keyof Subjects;

type Rule<A extends Action> = (
  actor: Actor,
  subject: Subjects[A],
) => Denial | null;

const isManager = (member: Membership) => member.role <= GroupRoles.admin;
const on = (value: string) => value === "1";

/** Groups from this size on show read receipts to each message's sender only. */
export const READ_RECEIPTS_MANAGER_MAX = 500;

/** Whether a group member is muted at `now` (ms). */
export function isMuted(member: Membership, now: number): boolean {
  return member.mutedUntil > now;
}

const RULES: { [A in Action]: Rule<A> } = {
  "console.open": (actor) => (mayOpenConsole(actor) ? null : "role"),
  // Demo mode lets anyone look at the console (console.open); it refuses every change alike.
  "console.write": (actor) => {
    if (actor.demoMode) return "demo";
    return isStaff(actor) ? null : "role";
  },
  "console.manageUser": (actor, { target, change }) => {
    if (actor.demoMode) return "demo";
    if (!isStaff(actor)) return "role";
    const self = target.userId === actor.userId;
    if (self) return change === "edit" || change === "password" ? null : "self";
    const superAdmin = actor.role === SystemRoles.super;
    if (change === "role" || target.role > 0) return superAdmin ? null : "role";
    return null;
  },
  "console.publishNotice": (actor) => {
    if (actor.demoMode) return "demo";
    return actor.role === SystemRoles.super ? null : "role";
  },
  "console.deliverySettings": (actor) => {
    if (actor.demoMode) return "demo";
    return actor.role === SystemRoles.super ? null : "role";
  },
  "system.enterClosed": (actor) => (isStaff(actor) ? null : "role"),
  "chat.direct": (actor, { config, peer, friends }) => {
    // Administrators stay reachable whatever the switches: users must be able to ask for help.
    if (isStaff(actor) || peer.role > 0) return null;
    if (config.chatInfo.simpleChat === "0") return "switchedOff";
    if (config.sysInfo.runMode === "2" && !friends) return "notFriend";
    return null;
  },
  "friends.manage": (_actor, { config }) =>
    config.sysInfo.runMode === "2" ? null : "runMode",
  "user.rename": (_actor, { config }) =>
    config.sysInfo.runMode === "2" || config.sysInfo.diyName === "1"
      ? null
      : "switchedOff",
  "user.seeContactDetails": (_actor, { config, self, friends }) =>
    self || friends || config.sysInfo.runMode !== "2" ? null : "notFriend",
  "user.addFriend": (_actor, { config, self, friends }) => {
    if (config.sysInfo.runMode !== "2") return "runMode";
    return self || friends ? "role" : null;
  },
  "call.start": (_actor, { config }) =>
    on(config.chatInfo.webrtc) && config.chatInfo.simpleChat !== "0"
      ? null
      : "switchedOff",
  "call.video": (actor, { config }) =>
    RULES["call.start"](actor, { config }) ??
    (config.chatInfo.videoCall === "0" ? "switchedOff" : null),
  "group.create": (_actor, { config }) =>
    config.chatInfo.groupChat === "0" ? "switchedOff" : null,
  "group.own": (_actor, { member }) =>
    member.role === GroupRoles.owner ? null : "role",
  "group.clearMessages": (actor, { member }) =>
    isStaff(actor) || member?.role === GroupRoles.owner ? null : "role",
  "group.editInfo": (_actor, { member, settings }) =>
    isManager(member) || on(settings.manage) ? null : "role",
  "group.editNoticeIcon": (actor, args) => RULES["group.editInfo"](actor, args),
  "group.setPublic": (_actor, { member }) =>
    isManager(member) ? null : "role",
  "group.manageHooks": (actor, { member }) =>
    isStaff(actor) || (member !== null && isManager(member)) ? null : "role",
  "group.mentionEveryone": (_actor, { member }) =>
    isManager(member) ? null : "role",
  "group.addMembers": (_actor, { member, settings }) =>
    isManager(member) || on(settings.invite) ? null : "role",
  "group.viewProfile": (_actor, { member, settings }) =>
    isManager(member) || settings.profile !== "0" ? null : "role",
  "group.removeMember": (_actor, { member, target }) =>
    isManager(member) && target.role > member.role ? null : "role",
  "group.muteMember": (_actor, { member, target }) =>
    isManager(member) &&
    target.role > member.role &&
    target.role > GroupRoles.owner
      ? null
      : "role",
  "group.withdrawOthers": (_actor, { member }) =>
    isManager(member) ? null : "role",
  "group.quit": (_actor, { member }) =>
    member.role === GroupRoles.owner ? "role" : null,
  "group.send": (_actor, { member, settings, now }) => {
    if (member.role > GroupRoles.owner && isMuted(member, now)) return "muted";
    if (settings.nospeak === "1" && !isManager(member)) return "muted";
    if (settings.nospeak === "2" && member.role !== GroupRoles.owner)
      return "muted";
    return null;
  },
  "group.readReceipts": (_actor, { member, isSender, memberCount }) =>
    isSender || (isManager(member) && memberCount < READ_RECEIPTS_MANAGER_MAX)
      ? null
      : "role",
  "message.withdraw": (actor, { config, message, now, group }) => {
    if (group && isManager(group.member)) {
      const mine = message.fromUser === actor.userId;
      const outranked =
        group.senderRole === 0 || group.senderRole > group.member.role;
      return mine || group.member.role === GroupRoles.owner || outranked
        ? null
        : "role";
    }
    if (message.fromUser !== actor.userId) return "role";
    const windowMs = (Number(config.chatInfo.redoTime) || 0) * 1000;
    return now - message.sendTime <= windowMs ? null : "expired";
  },
  "message.edit": (actor, { config, message, now }) => {
    if (
      message.fromUser !== actor.userId ||
      message.type !== "text" ||
      message.withdrawn
    )
      return "role";
    const windowMs = (Number(config.chatInfo.editTime) || 0) * 1000;
    return windowMs === 0 || now - message.sendTime <= windowMs
      ? null
      : "expired";
  },
  "message.delete": (actor, { config, message }) => {
    if (message.fromUser !== actor.userId || message.isGroup) return "role";
    return on(config.chatInfo.dbDelMsg) ? null : "switchedOff";
  },
};

/** The subject argument of an action: none when the rule needs nothing of it. */
export type SubjectArgs<A extends Action> = Subjects[A] extends null
  ? []
  : [subject: Subjects[A]];

/** Why the actor may not do this, or null when they may. */
export function denial<A extends Action>(
  actor: Actor,
  action: A,
  ...args: SubjectArgs<A>
): Denial | null {
  const rule: Rule<A> = RULES[action];
  // An action without a subject has `null` as its subject type.
  const subject = (args[0] ?? null) as Subjects[A];
  return rule(actor, subject);
}

/** Whether the actor may do this (SPEC §6). */
export function can<A extends Action>(
  actor: Actor,
  action: A,
  ...args: SubjectArgs<A>
): boolean {
  return denial(actor, action, ...args) === null;
}
