import type { Events } from "../../events.js";
import type { GroupsService } from "./groups.service.js";

/** Who is in a group, in which role, and whether they may chat there. */
export type GroupMembership = Pick<
  GroupsService,
  | "chatStanding"
  | "formerStanding"
  | "managerIds"
  | "memberCountUpTo"
  | "memberIds"
  | "viewerIds"
  | "memberOf"
  | "membersAmong"
  | "rolesAmong"
  | "faces"
  | "readableGroups"
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
  | "removeMember"
  | "setManager"
  | "faces"
>;

/**
 * What groups tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface GroupEventMap {
  /** A group's history was cleared, or a disbanded group's removed: its messages' files. */
  filesDropped: { fileIds: readonly number[] };
}
/** Groups' events, as a feature above it listens to them. */
export interface GroupEvents {
  readonly events: Events<GroupEventMap>;
}
