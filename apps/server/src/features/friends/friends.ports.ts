import type { FriendsService } from "./friends.service.js";

/** Who is whose friend, and by which remark. */
export type Friendship = Pick<
  FriendsService,
  "areFriends" | "friendIds" | "nicknamesAmong" | "appliedTo"
>;
/** A user's friends and requests as the chat list shows them. */
export type FriendLists = Pick<
  FriendsService,
  | "friendEntries"
  | "nicknames"
  | "waiting"
  | "areFriends"
  | "friendIds"
  | "nicknamesAmong"
>;
/** Friendships made or forgotten by an administrator's act. */
export type FriendshipAdmin = Pick<
  FriendsService,
  "forgotten" | "befriendChatPartners"
>;
