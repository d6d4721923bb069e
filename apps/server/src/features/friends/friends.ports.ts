import type { Events } from "../../events.js";
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

/**
 * What friends tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface FriendEventMap {
  /**
   * What these users see of their friends and requests changed with no event to them (a
   * refusal, a remark; null: anyone's, as the run mode's pairing).
   */
  changed: { userIds: readonly number[] | null };
}
/** Friends' events, as a feature above it listens to them. */
export interface FriendEvents {
  readonly events: Events<FriendEventMap>;
}
