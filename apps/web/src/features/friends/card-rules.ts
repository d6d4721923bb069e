import {
  type Actor,
  can,
  type Switches,
  type UserDetail,
} from "@parley/protocol";

/** The card's add-friend button: not there, there, or there but already used. */
export type AddFriendState = "hidden" | "available" | "applied";

/** What a user card shows and offers to the reader (SPEC §2 User card). */
export interface CardControls {
  /** The card is the reader's own. */
  self: boolean;
  friends: boolean;
  /**
   * The row under the heading: in run mode 2 the heading may be my remark, so the row gives
   * their own name; in run mode 1 it is called their nickname.
   */
  nameLabel: "name" | "nickname";
  /** The remark I give a friend: friend mode, friends only; edited in place. */
  remark: boolean;
  /** Send message: friends, or run mode 1; never to oneself; when single chat is allowed. */
  sendMessage: boolean;
  addFriend: AddFriendState;
  /** Delete friend: run mode 2, friends only. */
  deleteFriend: boolean;
  /** Edit info (SPEC §2): an administrator who may change users opens them in the console. */
  editInfo: boolean;
}

/**
 * The card's rows and buttons, from the capability table of SPEC §6 (`can()`); the server
 * has already left out what the reader may not see (email, IP).
 */
export function cardControls(
  actor: Actor,
  config: Switches,
  person: Pick<UserDetail, "user_id" | "friend" | "applied">,
): CardControls {
  const self = person.user_id === actor.userId;
  const friends = !self && person.friend !== "";
  const friendMode = can(actor, "friends.manage", { config });
  // SPEC §2: friends, or anyone in run mode 1; the card knows no role, so the peer counts
  // as an ordinary user (the server decides when the message is sent).
  const reachable =
    (friends || config.sysInfo.runMode !== "2") &&
    can(actor, "chat.direct", { config, peer: { role: 0 }, friends });
  const mayAdd = can(actor, "user.addFriend", { config, self, friends });
  return {
    self,
    friends,
    nameLabel: config.sysInfo.runMode === "2" ? "name" : "nickname",
    remark: friendMode && friends,
    sendMessage: !self && reachable,
    addFriend: !mayAdd
      ? "hidden"
      : person.applied === 2
        ? "applied"
        : "available",
    deleteFriend: friendMode && friends,
    editInfo: can(actor, "console.write"),
  };
}
