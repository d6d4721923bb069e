import type { GroupsService } from "./groups.service.js";

/** Who is in a group, in which role, and whether they may chat there. */
export type GroupMembership = Pick<
  GroupsService,
  | "chatStanding"
  | "formerStanding"
  | "managerIds"
  | "memberCountUpTo"
  | "memberIds"
  | "memberOf"
  | "membersAmong"
  | "rolesAmong"
  | "faces"
  | "contactsOf"
  | "hidesProfile"
>;
/** A member's new picture, for the groups' pictures drawn from members'. */
export type GroupPictures = Pick<GroupsService, "memberPictureChanged">;
/** Groups as a system administrator manages them (the console). */
export type GroupAdmin = Pick<
  GroupsService,
  | "addMembers"
  | "changeOwner"
  | "disband"
  | "memberPage"
  | "membersDeparted"
  | "removeMember"
  | "setManager"
  | "faces"
  | "ownedGroupCount"
>;
