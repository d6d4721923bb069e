import { z } from "zod/mini";
import { MessageSenderSchema } from "./message.js";

/**
 * A group's settings as the wire carries them (SPEC §3 Group): manage, invite, profile and
 * history each "0" or "1"; nospeak "0" off, "1" managers only, "2" the owner only.
 */
export const GroupSettingSchema = z.object({
  manage: z.enum(["0", "1"]),
  invite: z.enum(["0", "1"]),
  nospeak: z.enum(["0", "1", "2"]),
  profile: z.enum(["0", "1"]),
  history: z.enum(["0", "1"]),
  /**
   * "1": anyone in the organisation may find the group in the directory and join it
   * (issue 45, Parley's own: docs/EXTENSIONS.md); "0" by invitation only, and from a
   * server without it.
   */
  public: z._default(z.enum(["0", "1"]), "0"),
});
/** A group's settings. */
export type GroupSetting = z.infer<typeof GroupSettingSchema>;

/** A new group's settings: members may invite and see profiles, history is open. */
export const DEFAULT_GROUP_SETTING: GroupSetting = {
  manage: "0",
  invite: "1",
  nospeak: "0",
  profile: "1",
  history: "1",
  public: "0",
};

/** The short user of a group member row (wire-contract.md §2.9 GroupMember). */
export const MemberUserSchema = z.pick(MessageSenderSchema, {
  id: true,
  displayName: true,
  account: true,
  name_py: true,
  avatar: true,
  is_bot: true,
});

/** The short user of a group member row. */
export type MemberUser = z.infer<typeof MemberUserSchema>;

/** One member of a group, as `groupuserlist` answers it (wire-contract.md §2.9). */
export const GroupMemberSchema = z.object({
  id: z.int(),
  group_id: z.int(),
  user_id: z.int(),
  /** 1 owner, 2 administrator, 3 member. */
  role: z.int(),
  invite_id: z.int(),
  /** When the member joined, `YYYY-MM-DD HH:mm:ss` (server time). */
  create_time: z.string(),
  unread: z.int(),
  is_notice: z.int(),
  is_top: z.int(),
  /** Muted until this Unix time in seconds; 0 when not muted. */
  no_speak_time: z.int(),
  status: z.int(),
  userInfo: MemberUserSchema,
});
/** One member of a group. */
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** A user offered by the member picker (`getAllUser`). */
export const PickerUserSchema = z.object({
  user_id: z.int(),
  realname: z.string(),
  displayName: z.string(),
  account: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  email: z.string(),
  last_login_ip: z.string(),
  /** Already chosen, or already a member: shown, not selectable. */
  disabled: z.boolean(),
});
/** A user offered by the member picker. */
export type PickerUser = z.infer<typeof PickerUserSchema>;

/** A group's card (`groupInfo`, wire-contract.md §2.5). */
export const GroupInfoSchema = z.object({
  group_id: z.int(),
  /** `group-N`. */
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  name_py: z.string(),
  avatar: z.string(),
  owner_id: z.int(),
  ownerName: z.string(),
  userInfo: MemberUserSchema,
  notice: z.string(),
  /** What the group is for (issue 45); "" none, and from a server without it. */
  description: z._default(z.string(), ""),
  setting: GroupSettingSchema,
  groupUserCount: z.int(),
  /** The caller's role in the group, or 0. */
  isJoin: z.int(),
  /** The join link for the group QR, or "" until the QR is offered. */
  qrUrl: z.string(),
  /** The QR's last valid day, `m-d`. */
  qrExpire: z.string(),
  status: z.int(),
  create_time: z.int(),
});
/** A group's card. */
export type GroupInfo = z.infer<typeof GroupInfoSchema>;

/** A public group as the directory lists it (issue 45, `enterprise/group/directory`). */
export const DirectoryGroupSchema = z.object({
  /** `group-N`. */
  id: z.string(),
  group_id: z.int(),
  name: z.string(),
  name_py: z.string(),
  avatar: z.string(),
  description: z.string(),
  notice: z.string(),
  groupUserCount: z.int(),
  /** The caller's role in it (1 owner, 2 administrator, 3 member), or 0 not a member. */
  isJoin: z.int(),
});
/** A public group in the directory. */
export type DirectoryGroup = z.infer<typeof DirectoryGroupSchema>;
