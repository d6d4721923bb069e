import { randomUUID } from "node:crypto";
import {
  applicationRemarkProblem,
  type CallRequest,
  type Contact,
  type FriendRequest,
  type friends as calls,
  friendNicknameProblem,
  isLanguage,
  type RequestUser,
  type SystemNotice,
} from "@parley/protocol";
import type { Publish } from "../../context.js";
import { Emitter } from "../../events.js";
import { type Clock, formatDateTime } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { translate } from "../../lib/messages.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import type {
  FriendEntry,
  FriendsRepository,
  RequestRow,
} from "./friends.repository.js";
import type { AccountEvents, ActiveUsers } from "../accounts/accounts.ports.js";
import type { DirectChatLog } from "../messages/messages.ports.js";
import type { LiveConfig, SystemEvents } from "../system/system.ports.js";
import type { FriendEventMap } from "./friends.ports.js";

/** How long after a refusal the same person may be asked again (each request notifies). */
const REAPPLY_AFTER_REFUSAL_MS = 24 * 60 * 60 * 1000;

/** What a request shows of each of its two people. */
interface PersonShown {
  realname: string;
  avatar: string;
  name_py: string;
  motto: string;
}

/** A page of the request list as the call parsed it. */
export type RequestsQuery = CallRequest<typeof calls.index>;

export interface FriendsDeps {
  repo: FriendsRepository;
  clock: Clock;
  publish: Publish;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /**
   * One entry of a user's chat list as it is now (a read interface: contacts, above
   * friends, supplies it in app.ts).
   */
  contacts: {
    one(
      userId: number,
      id: number,
      publicUrl: string,
    ): Promise<Contact | undefined>;
  };
  /** Chat histories (a port: app.ts wires it). */
  messages: DirectChatLog;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig;
  /**
   * People by id, whatever their state, as a request names them (a read interface: people,
   * above friends, supplies it in app.ts).
   */
  people: {
    people(ids: readonly number[]): Promise<Map<number, PersonShown>>;
  };
}

/** What this service asks of other features (app.ts wires each one). */
export type FriendsPorts = Pick<
  FriendsDeps,
  "contacts" | "messages" | "people"
> & {
  /** Who the users are, and their events (the module listens). */
  accounts: ActiveUsers & AccountEvents;
  /** The system settings, and its events (the module listens). */
  system: LiveConfig & SystemEvents;
};

/**
 * Friends (run mode 2, wire-contract.md §2.6 and §5.9): requests with a message, answered
 * only by their addressee; agreement makes two people each other's friends at once; a
 * remark of my own per friend; removal both ways. The graph is also what other features
 * read (may these two chat? whose presence do I see?).
 */
export class FriendsService {
  /** What friends tells the features above it (friends.ports.ts). */
  readonly events = new Emitter<FriendEventMap>();
  private readonly repo: FriendsRepository;

  constructor(private readonly deps: FriendsDeps) {
    this.repo = deps.repo;
  }

  /** Whether each of the two has the other as a friend; pending or refused is not. */
  async areFriends(a: number, b: number): Promise<boolean> {
    return (await this.repo.countFriendLinks(a, b)) >= 2;
  }

  /** The ids of a user's friends. */
  friendIds(userId: number): Promise<number[]> {
    return this.repo.listFriendIds(userId);
  }

  /** A user's active friends with the nicknames they gave them (run mode 2's contacts). */
  friendEntries(userId: number): Promise<FriendEntry[]> {
    return this.repo.listFriendEntries(userId);
  }

  /** The nicknames a user gave their friends, by friend id. */
  nicknames(userId: number): Promise<Map<number, string>> {
    return this.repo.listNicknames(userId);
  }

  /** My friend rows among these people (their remark, "" when none), by friend id. */
  nicknamesAmong(
    userId: number,
    others: readonly number[],
  ): Promise<Map<number, string>> {
    return this.repo.listLinksAmong(userId, others);
  }

  /** The people among these to whom I have a request waiting. */
  appliedTo(userId: number, others: readonly number[]): Promise<Set<number>> {
    return this.repo.listWaitingTo(userId, others);
  }

  /** How many requests wait for the user, and when the newest came (ms, 0 when none). */
  waiting(userId: number): Promise<{ count: number; newest: number }> {
    return this.repo.waitingForMe(userId);
  }

  private async person(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
    // Unknown, disabled or deleted: all answer like a missing user.
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /**
   * Applies to be someone's friend. If they already applied to me, this agrees to theirs
   * instead: both become friends at once. A request already waiting is not filed again.
   */
  async apply(
    me: number,
    to: number,
    remark: string,
    publicUrl: string,
  ): Promise<void> {
    await this.inFriendMode();
    const problem = applicationRemarkProblem(remark);
    if (problem) throw refuse(problem);
    if (to === me) throw refuse("friend.self");
    const [applicant, addressee] = await Promise.all([
      this.person(me),
      this.person(to),
    ]);
    if (await this.areFriends(me, to)) throw refuse("friend.already");
    const now = this.deps.clock.now();

    const theirs = await this.repo.findWaiting(to, me);
    if (theirs) {
      await this.mayAddFriend(applicant);
      await this.repo.befriend(me, to, now);
      await this.announceFriends(applicant, addressee, publicUrl);
      return;
    }
    await this.mayAddFriend(applicant);
    // Declined: not asked again at once (each request notifies the addressee).
    const refused = await this.repo.lastRefusal(me, to);
    if (refused !== null && now - refused < REAPPLY_AFTER_REFUSAL_MS)
      throw refuse("friend.recentlyRefused", {
        hours: Math.ceil(
          (refused + REAPPLY_AFTER_REFUSAL_MS - now) / (60 * 60 * 1000),
        ),
      });
    const filed = await this.repo.insertRequest({
      from: me,
      to,
      remark: remark.trim(),
      now,
    });
    if (!filed) throw refuse("friend.alreadyApplied");
    await this.deps.publish.toUsers(
      [to],
      "simple",
      this.notice(applicant, addressee, now),
    );
  }

  /** A user's `friend_limit` (0: no limit), counted before a friendship is made. */
  private async mayAddFriend(user: ActiveUser): Promise<void> {
    if (user.friend_limit <= 0) return;
    if ((await this.repo.countFriends(user.user_id)) >= user.friend_limit)
      throw refuse("friend.limit");
  }

  /** The system entry's line telling `to` that `from` applied (wire-contract.md §5.9). */
  private notice(from: ActiveUser, to: ActiveUser, now: number): SystemNotice {
    const lang = isLanguage(to.lang) ? to.lang : "zh";
    return {
      id: randomUUID(),
      type: "event",
      status: "succeed",
      content: `${from.realname} ${translate("friend.addedYou", lang)}`,
      sendTime: now,
      toContactId: "system",
      is_group: 2,
      fromUser: {
        id: "system",
        displayName: translate("friend.newFriend", lang),
        avatar: "",
      },
      fileSize: 0,
      fileName: "",
      extends: {
        key: "friend.addedYou",
        user_id: from.user_id,
        realname: from.realname,
      },
    };
  }

  /** Each of two new friends gets the other as a contact, with a first line to start from. */
  private async announceFriends(
    a: ActiveUser,
    b: ActiveUser,
    publicUrl: string,
  ): Promise<void> {
    const { contacts } = this.deps;
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const contact = await contacts.one(
        viewer.user_id,
        other.user_id,
        publicUrl,
      );
      if (!contact) continue;
      const lang = isLanguage(viewer.lang) ? viewer.lang : "zh";
      // The first line in the viewer's language, for clients that show the stored text.
      await this.deps.publish.toUsers([viewer.user_id], "appendContact", {
        ...contact,
        lastContent:
          contact.type === "event" && contact.lastEvent?.event === "friends"
            ? translate("friend.nowFriends", lang)
            : contact.lastContent,
      });
    }
  }

  /** The addressee agrees to or refuses a waiting request; anyone else finds no request. */
  async answer(
    me: number,
    requestId: number,
    agree: boolean,
    publicUrl: string,
  ): Promise<void> {
    await this.inFriendMode();
    const addressee = await this.person(me);
    if (agree) await this.mayAddFriend(addressee);
    const row = await this.repo.answerRequest(
      requestId,
      me,
      agree,
      this.deps.clock.now(),
    );
    if (!row) throw refuse("friend.requestNotFound");
    if (!agree) {
      // No event tells me: my list's waiting-requests badge is read again.
      await this.events.emit("changed", { userIds: [me] });
      return;
    }
    const applicant = await this.deps.accounts.activeUser(row.from_user_id);
    if (!applicant) return;
    // The chat starts with a line saying so: both lists keep it among their chats (the
    // contract's first line was only pushed, and gone at the next read of the list).
    await this.deps.messages.postDirectEvent(
      addressee.user_id,
      applicant.user_id,
      {
        name: "friends",
        content: translate("friend.nowFriends", "zh"),
      },
    );
    await this.announceFriends(addressee, applicant, publicUrl);
  }

  /**
   * The system moved to friend mode (issue 51 item 13): everyone who already chatted
   * one-to-one becomes friends with that person, so no chat with history leaves their
   * lists and they can go on writing; everyone else needs a friend request.
   */
  async befriendChatPartners(): Promise<void> {
    const pairs = await this.deps.messages.chatPairs();
    if (pairs.length === 0) return;
    await this.repo.linkPairs(pairs, this.deps.clock.now());
    await this.events.emit("changed", { userIds: null });
  }

  /**
   * Friend requests exist only in run mode 2 (SPEC §6: the entry is there only then); in
   * run mode 1 everyone may chat with everyone, and a request would file nothing anyone sees.
   */
  private async inFriendMode(): Promise<void> {
    const { sysInfo } = await this.deps.system.config();
    if (sysInfo.runMode !== "2") throw refuse("friend.requestsModeOnly");
  }

  /** Ends a friendship both ways (run mode 2 only); the other side's list drops me live. */
  async remove(me: number, friendId: number): Promise<void> {
    const { sysInfo } = await this.deps.system.config();
    if (sysInfo.runMode !== "2") throw refuse("friend.deleteModeOnly");
    if (!(await this.repo.unfriend(me, friendId)))
      throw refuse("friend.notFriend");
    // The contract's event for "drop this contact" (wire-contract.md §5.9), on both sides.
    await this.deps.publish.toUsers([friendId], "removeGroup", {
      group_id: String(me),
    });
    await this.deps.publish.toUsers([me], "removeGroup", {
      group_id: String(friendId),
    });
  }

  /** A deleted account's friendships are gone: each former friend's list drops it live. */
  async forgotten(userId: number, friendIds: readonly number[]): Promise<void> {
    if (friendIds.length === 0) return;
    // The same event to each: one publish for them all.
    await this.deps.publish.toUsers(friendIds, "removeGroup", {
      group_id: String(userId),
    });
  }

  /** The remark I show instead of a friend's name; friends only. */
  async setNickname(
    me: number,
    friendId: number,
    nickname: string,
  ): Promise<void> {
    const problem = friendNicknameProblem(nickname);
    if (problem) throw refuse(problem);
    if (!(await this.repo.updateNickname(me, friendId, nickname.trim())))
      throw refuse("friend.notFriend");
    // No event tells me: my list, which names them by it, is read again.
    await this.events.emit("changed", { userIds: [me] });
  }

  /** A page of the requests I received or sent, newest first, with both people. */
  async requests(
    me: number,
    query: RequestsQuery,
    publicUrl: string,
  ): Promise<{ requests: FriendRequest[]; count: number }> {
    await this.inFriendMode();
    const { rows, count } = await this.repo.listRequests(
      me,
      query.is_mine === 1,
      query.page,
      query.limit,
    );
    const ids = [
      ...new Set(rows.flatMap((r) => [r.from_user_id, r.to_user_id])),
    ];
    const people = await this.deps.people.people(ids);
    const shown = (userId: number): RequestUser => {
      const user = people.get(userId);
      return {
        user_id: userId,
        id: userId,
        realname: user?.realname ?? "",
        displayName: user?.realname ?? "",
        avatar: avatarUrl(user?.avatar ?? "", publicUrl),
        name_py: user?.name_py ?? "",
        motto: user?.motto ?? "",
      };
    };
    return {
      requests: rows.map((row) => toRequest(row, shown)),
      count,
    };
  }
}

function toRequest(
  row: RequestRow,
  shown: (userId: number) => RequestUser,
): FriendRequest {
  return {
    friend_id: row.application_id,
    friend_user_id: row.to_user_id,
    create_user: row.from_user_id,
    remark: row.remark,
    status: row.status,
    is_invite: 1,
    is_group: 0,
    create_time: formatDateTime(row.created_at),
    update_time: formatDateTime(row.updated_at),
    createTime: row.created_at,
    updateTime: row.updated_at,
    create_user_info: shown(row.from_user_id),
    user_id_info: shown(row.to_user_id),
  };
}
