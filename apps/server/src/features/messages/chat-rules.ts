import {
  type ContactId,
  denial,
  isMuted,
  type GroupSettings,
  type Membership,
  type MessageSender,
  NOTICE_CONTACT_ID,
  SELF_CHAT_ID,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import { toSender } from "../accounts/accounts.mapper.js";

import type { MessagesDeps } from "./messages.deps.js";

/** The group number of a `group-N` contact id, or null for a user id. */
export function groupIdOf(id: ContactId): number | null {
  return typeof id === "string" ? Number(id.slice(id.indexOf("-") + 1)) : null;
}

/** A sender who is no longer in the directory (disabled or deleted). */
export function unknownSender(userId: number): MessageSender {
  return {
    id: userId,
    user_id: userId,
    realname: "",
    displayName: "",
    account: "",
    avatar: "",
    name_py: "",
  };
}

/**
 * Who may chat with whom, and who they are: the checks sending, reading and forwarding
 * share (SPEC §5, §6 through the capability table), answered alike whether a chat is
 * missing or forbidden.
 */
export class ChatRules {
  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      "repo" | "accounts" | "friends" | "groups" | "policy" | "clock"
    >,
  ) {}

  async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /** The other party of a 1:1 chat, checked the same way whether missing or forbidden. */
  async peerOf(userId: number, toContactId: ContactId): Promise<ActiveUser> {
    if (
      typeof toContactId !== "number" ||
      toContactId <= 0 ||
      toContactId === userId
    ) {
      throw refuse("contact.notFound");
    }
    return this.activeUser(toContactId);
  }

  /** SPEC §6 through the capability table: single chat on, friends in run mode 2. */
  async mayChat(me: ActiveUser, peer: ActiveUser): Promise<void> {
    const config = await this.deps.policy.config();
    const actor = this.deps.policy.actor({
      userId: me.user_id,
      role: me.role,
    });
    const needsFriendship =
      config.sysInfo.runMode === "2" && me.role <= 0 && peer.role <= 0;
    const friends =
      needsFriendship &&
      (await this.deps.friends.areFriends(me.user_id, peer.user_id));
    const why = denial(actor, "chat.direct", { config, peer, friends });
    if (why === "switchedOff") throw refuse("chat.singleDisabled");
    if (why !== null) throw refuse("chat.notFriend");
  }

  /**
   * Whether a user may send to a chat now (forwarding checks every target first): a user
   * they may chat with, or a group where they may speak. Refused as a send would be;
   * answers the user.
   */
  async mayReach(userId: number, toContactId: ContactId): Promise<ActiveUser> {
    const me = await this.activeUser(userId);
    if (toContactId === SELF_CHAT_ID) return me;
    if (toContactId === NOTICE_CONTACT_ID || toContactId === "system")
      throw refuse("chat.systemEntry");
    const groupId = groupIdOf(toContactId);
    if (groupId === null) {
      await this.mayChat(me, await this.peerOf(userId, toContactId));
      return me;
    }
    const standing = await this.deps.groups.chatStanding(groupId, userId);
    if (!standing) {
      // A former member of a disbanded group reads its history but may not add to it
      // (issue 51); anyone else finds no group.
      if (await this.deps.groups.formerStanding(groupId, me.user_id))
        throw refuse("group.disbanded");
      throw refuse("group.notFound");
    }
    this.maySpeak(me, standing);
    return me;
  }

  /** SPEC §5: a muted member, or one the speak restriction leaves out, may not send. */
  maySpeak(
    me: ActiveUser,
    standing: { member: Membership; setting: GroupSettings },
  ): void {
    const now = this.deps.clock.now();
    const actor = this.deps.policy.actor({ userId: me.user_id, role: me.role });
    const why = denial(actor, "group.send", {
      member: standing.member,
      settings: standing.setting,
      now,
    });
    if (why === null) return;
    throw isMuted(standing.member, now)
      ? refuse("group.muted", {
          until: `${new Date(standing.member.mutedUntil).toISOString().slice(0, 16).replace("T", " ")} UTC`,
        })
      : refuse("group.nospeak");
  }

  /** The senders of a page, in one query. */
  async senders(
    userIds: readonly number[],
    publicUrl: string,
  ): Promise<Map<number, MessageSender>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    const users = await this.deps.accounts.directory(0, unique);
    return new Map(users.map((u) => [u.user_id, toSender(u, publicUrl)]));
  }
}
