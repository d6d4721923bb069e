import { z } from "zod/mini";

/** My friendship with someone, as the user card and search carry it (SPEC §3 User detail). */
export const FriendLinkSchema = z.object({
  /** The friend's user id (the key of my friend row). */
  friend_id: z.int(),
  /** The remark I gave them, or "". */
  nickname: z.string(),
});
/** My friendship with someone. */
export type FriendLink = z.infer<typeof FriendLinkSchema>;

/** Someone found by `searchUser` (the add-friend dialog). */
export const FoundUserSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  realname: z.string(),
  displayName: z.string(),
  /** Shown in full only when the search named it exactly; otherwise masked. */
  account: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  /** Never sent by search: "". */
  email: z.string(),
  /** Never sent by search: "". */
  last_login_ip: z.string(),
  /** My friendship with them, or "" when there is none. */
  friend: z.union([FriendLinkSchema, z.literal("")]),
  /** 2 when I applied to them and they have not answered yet; else 0. */
  applied: z.int(),
});
/** Someone found by search. */
export type FoundUser = z.infer<typeof FoundUserSchema>;

/** A user of the console's picker (`userList`). */
export const ListedUserSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  realname: z.string(),
  avatar: z.string(),
});
/** A user of the console's picker. */
export type ListedUser = z.infer<typeof ListedUserSchema>;

/**
 * The user card (`getUserInfo`, SPEC §2 User card and §3 User detail): never a password
 * hash; the account masked for anyone but its owner; email, IP and location only where
 * SPEC's visibility rules allow them ("" otherwise).
 */
export const UserDetailSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  account: z.string(),
  realname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  motto: z.string(),
  /** 0 female, 1 male, 2 unknown. */
  sex: z.int(),
  email: z.string(),
  last_login_ip: z.string(),
  location: z.string(),
  is_auth: z.int(),
  name_py: z.string(),
  /** My friendship with them, or "". */
  friend: z.union([FriendLinkSchema, z.literal("")]),
  /** 2 when I applied to them and they have not answered yet; else 0. */
  applied: z.int(),
  /** Of oneself only: 1 when two-factor is on, else 0 (extensions.md §7). */
  totp: z.optional(z.int()),
  /** 1 for a bot account (extensions.md §9, issue 48); absent for people and from older servers. */
  is_bot: z.optional(z.literal(1)),
});
/** The user card. */
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** A person as a friend request carries them. */
export const RequestUserSchema = z.object({
  user_id: z.int(),
  id: z.int(),
  realname: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  motto: z.string(),
});
/** A person of a friend request. */
export type RequestUser = z.infer<typeof RequestUserSchema>;

/** Friend request states (SPEC §3, §4): 0 refused, 1 agreed, 2 waiting. */
export const FriendRequestStatus = {
  refused: 0,
  agreed: 1,
  waiting: 2,
} as const;

/** A friend request as `enterprise/friend/index` lists it (wire-contract.md §2.6). */
export const FriendRequestSchema = z.object({
  /** The request's id, which `update` takes. */
  friend_id: z.int(),
  /** Who it is addressed to. */
  friend_user_id: z.int(),
  /** Who sent it. */
  create_user: z.int(),
  /** The applicant's message. */
  remark: z.string(),
  status: z.int(),
  is_invite: z.literal(1),
  is_group: z.literal(0),
  /** `YYYY-MM-DD HH:mm:ss` (server time). */
  create_time: z.string(),
  update_time: z.string(),
  /** The same times in ms, for clients that format them. */
  createTime: z.number(),
  updateTime: z.number(),
  create_user_info: RequestUserSchema,
  user_id_info: RequestUserSchema,
});
/** A friend request. */
export type FriendRequest = z.infer<typeof FriendRequestSchema>;
