import {
  type Actor,
  can,
  GroupRoles,
  type GroupMember,
  type Membership,
} from "@parley/protocol";

/** What I may do to one member of a group, by SPEC §6 (the server's own rules). */
export type MemberAction =
  "makeAdmin" | "unmakeAdmin" | "mute" | "remove" | "transfer";

/**
 * My standing as the rules read it: my role and mute from my member row, else (while the
 * members load) the role my contact carries.
 */
export function membershipOf(
  member: GroupMember | undefined,
  contactRole: number = GroupRoles.member,
): Membership {
  return member
    ? { role: member.role, mutedUntil: member.no_speak_time * 1000 }
    : { role: contactRole, mutedUntil: 0 };
}

/**
 * The actions on a member's row, in menu order: only what the server would allow, so no
 * control leads to a refusal. Nothing on my own row: leaving is the panel's own button.
 */
export function memberActions(
  actor: Actor,
  me: Membership,
  target: GroupMember,
): MemberAction[] {
  if (target.user_id === actor.userId) return [];
  const actions: MemberAction[] = [];
  const owns = can(actor, "group.own", { member: me });
  if (owns && target.role === GroupRoles.member) actions.push("makeAdmin");
  if (owns && target.role === GroupRoles.admin) actions.push("unmakeAdmin");
  if (can(actor, "group.muteMember", { member: me, target }))
    actions.push("mute");
  if (can(actor, "group.removeMember", { member: me, target }))
    actions.push("remove");
  if (owns) actions.push("transfer");
  return actions;
}

/** Members in the panel's order: owner, administrators, then members by when they joined. */
export function sortMembers(list: readonly GroupMember[]): GroupMember[] {
  return [...list].sort(
    (a, b) =>
      a.role - b.role ||
      a.create_time.localeCompare(b.create_time) ||
      a.id - b.id,
  );
}
