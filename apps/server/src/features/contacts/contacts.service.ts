import {
  type Contact,
  DEFAULT_LANGUAGE,
  isLanguage,
  SELF_CHAT_ID,
} from "@parley/protocol";
import { translate } from "../../lib/messages.js";
import type { Changes, Presence } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { Held } from "../../lib/held.js";
import { JsonText, parseJsonObject } from "../../lib/json.js";
import { userAsContact } from "../accounts/accounts.mapper.js";
import { lastContentOf, selfContact } from "../messages/messages.mapper.js";
import {
  type NoticeEntryState,
  noticeContact,
} from "../notices/notices.mapper.js";
import type { DirectoryEntry } from "../accounts/accounts.service.js";
import type { ConversationState } from "../messages/messages.service.js";
import type { AccountEvents, ActiveUsers } from "../accounts/accounts.ports.js";
import type { ArticleEvents } from "../articles/articles.ports.js";
import type { FriendEvents, FriendLists } from "../friends/friends.ports.js";
import type { GroupMembership } from "../groups/groups.ports.js";
import type {
  ConversationStates,
  MessageEvents,
} from "../messages/messages.ports.js";
import type { NoticeEvents, NoticeFeed } from "../notices/notices.ports.js";
import type { LiveConfig } from "../system/system.ports.js";

export interface ContactsDeps {
  /** Friendships (a port: app.ts wires it). */
  friends: FriendLists;
  /** System notices (a port: app.ts wires it). */
  notices: NoticeFeed;
  /** Chat histories (a port: app.ts wires it). */
  messages: ConversationStates;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupMembership;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  presence: Presence;
  changes: Changes;
  clock: Clock;
  /** Tests: a held list is checked against a fresh read each time it answers. */
  checkHeld?: boolean;
  /** Tests: resolves once the work off the request path has ended (`Jobs.whenIdle`). */
  settle?: () => Promise<void>;
}

/**
 * What this service asks of other features, and whose events its module listens to (app.ts
 * wires each one).
 */
export type ContactsPorts = Pick<ContactsDeps, "groups" | "system"> & {
  friends: FriendLists & FriendEvents;
  notices: NoticeFeed & NoticeEvents;
  messages: ConversationStates & MessageEvents;
  accounts: ActiveUsers & AccountEvents;
  articles: ArticleEvents;
};

/**
 * How long a held contact list answers without being read again. Every event to a user's
 * sockets drops their list at once, on every process, and so does every announced change:
 * this only bounds how long news lost on the way (Redis down) can leave a list behind.
 */
export const LIST_READ_AGAIN_MS = 2_000;

/** The most JSON a process holds of lists (characters); past it the oldest go first. */
const HELD_LISTS_MAX_CHARS = 32 * 1024 * 1024;

/** The send time of a contact without messages while its list is written: a hole. */
const CHATLESS = -1;

/** A hole for the answer's time (user ids, the other holes, are positive). */
const NOW_HOLE = 0;

/**
 * A contact list written as JSON but for what each answer fills in: the presence of each
 * user in it, and the time of the answer as the send time of contacts without messages.
 */
interface HeldList {
  publicUrl: string;
  /** The JSON before, between and after the holes: one more than `holes`. */
  pieces: string[];
  /** Each hole: a user's id (their presence, 1 or 0) or NOW_HOLE. */
  holes: number[];
  /** The users whose presence the list shows. */
  userIds: number[];
  /** Friend requests waiting for the user, and when the newest came. */
  waiting: { count: number; newest: number };
  /** The notices entry but its name. */
  notices: NoticeEntryState;
  /** The user's view of the chat with themselves, once it has one. */
  self: ConversationState | undefined;
  chars: number;
}

/** The words of the system's entries, in the reader's language. */
export interface EntryNames {
  notices: string;
  /** The chat with oneself, and what it says before its first message. */
  self: string;
  selfEmpty: string;
}

/** Whether two reads of a list wrote the same (tests: a held list against a fresh read). */
function sameList(held: HeldList, fresh: HeldList | undefined): boolean {
  return (
    fresh !== undefined &&
    fresh.pieces.join("\u0000") === held.pieces.join("\u0000") &&
    fresh.holes.join() === held.holes.join() &&
    JSON.stringify([fresh.waiting, fresh.notices, fresh.self]) ===
      JSON.stringify([held.waiting, held.notices, held.self])
  );
}

/**
 * Writes a sorted list as JSON, byte for byte as JSON.stringify would but for the closing
 * bracket, leaving a hole at each user's `is_online` and at each CHATLESS `lastSendTime`.
 */
function writeHeld(contacts: readonly Contact[]): {
  pieces: string[];
  holes: number[];
} {
  const pieces: string[] = [];
  const holes: number[] = [];
  let text = "[";
  contacts.forEach((contact, i) => {
    text += i === 0 ? "{" : ",{";
    let first = true;
    // As JSON.stringify: a field set to undefined is left out.
    for (const [key, value] of Object.entries(contact) as Array<
      [string, unknown]
    >) {
      if (value === undefined) continue;
      text += `${first ? "" : ","}${JSON.stringify(key)}:`;
      first = false;
      const hole =
        key === "is_online" && contact.is_group === 0
          ? Number(contact.id)
          : key === "lastSendTime" && value === CHATLESS
            ? NOW_HOLE
            : null;
      if (hole === null) {
        text += JSON.stringify(value);
      } else {
        pieces.push(text);
        holes.push(hole);
        text = "";
      }
    }
    text += "}";
  });
  // The caller closes the array, after the entries it adds.
  pieces.push(text);
  return { pieces, holes };
}

/** What a user's contact row is made of besides the user. */
interface UserContactParts {
  state: ConversationState | undefined;
  nickname: string | undefined;
  online: boolean;
  now: number;
  publicUrl: string;
  /** Whose list it is. */
  viewer: number;
}

/** A user as a contact of the viewer, from their chat's state (wire-contract.md §2.9 Contact). */
function userContact(user: DirectoryEntry, parts: UserContactParts): Contact {
  const { state } = parts;
  return userAsContact(user, {
    nickname: parts.nickname,
    lastContent: lastContentOf(state, parts.viewer),
    lastSendTime: state?.last_send_time ?? parts.now,
    type: state?.last_type ?? undefined,
    lastEvent:
      state?.last_type === "event" && state.last_extends
        ? parseJsonObject(state.last_extends)
        : undefined,
    draft: state?.draft ?? undefined,
    unread: state?.unread ?? 0,
    is_top: state?.is_top ?? 0,
    is_notice: state?.is_notice ?? 1,
    is_at: state?.is_at ?? 0,
    online: parts.online,
    publicUrl: parts.publicUrl,
  });
}

/**
 * The last tie-break of the contact list: ids in numeric order. One collator for every
 * list (`localeCompare` with options built one per comparison: a quarter of a 500-contact
 * list's time, issue 14).
 */
const BY_ID = new Intl.Collator("en", { numeric: true });

/**
 * The contact list (wire-contract.md §5.2): in run mode 1 every other active user, in run
 * mode 2 the user's friends, and the user's groups; pinned first, then by last send time.
 * Four queries whatever the number of users and groups (three in run mode 2, where one
 * statement gives the friends with their nicknames): no query per contact.
 */
export class ContactsService {
  /** Lists held by user. */
  private readonly held: Held<number, HeldList>;

  constructor(private readonly deps: ContactsDeps) {
    this.held = new Held({
      clock: deps.clock,
      readAgainMs: LIST_READ_AGAIN_MS,
      maxWeight: HELD_LISTS_MAX_CHARS,
      weigh: (list) => list.chars,
    });
    // Whatever reaches a user (a message, a read mark, a friend, a group's news) or
    // changes for everyone (the run mode, a user's name) drops what is held of them.
    deps.changes.onReached((userIds) => {
      if (userIds === null) this.held.dropAll();
      else this.held.dropMany(userIds);
    });
  }

  /**
   * What these users' lists show (null: anyone's) changed with no event to them (a read
   * mark, a new user, a name): their lists are read again, on every process.
   */
  async changed(userIds: readonly number[] | null): Promise<void> {
    await this.deps.changes.announce({
      what: "contacts",
      userIds: userIds === null ? null : [...userIds],
    });
  }

  /**
   * `getContacts`'s answer: the list as JSON with the notices entry (named in `entryName`)
   * and the waiting friend requests. Held per user and put together per answer with who
   * is online now, not read and written again on every call (issue 14: eight queries and
   * 18 kB of JSON for 50 contacts).
   */
  async answer(
    userId: number,
    publicUrl: string,
    names: EntryNames,
  ): Promise<{
    data: JsonText<Contact[]>;
    waiting: { count: number; newest: number };
  }> {
    let held = this.held.fresh(userId);
    if (held?.publicUrl !== publicUrl)
      held = await this.held.read(userId, () => this.read(userId, publicUrl));
    else if (this.deps.checkHeld)
      // Tests: the held list must be what a fresh read writes, unless news of a change
      // reached this user while it was read (the next answer reads it again anyway).
      await this.held.verify(
        userId,
        () => this.read(userId, publicUrl),
        sameList,
        `user ${userId}'s contact list`,
        this.deps.settle,
      );
    const online = await this.deps.presence.onlineAmong(held.userIds);
    const time = String(this.deps.clock.now());
    const { pieces, holes } = held;
    // Joined once: a string grown piece by piece is copied again when it is written.
    const parts: string[] = [];
    for (let i = 0; i < holes.length; i += 1) {
      const hole = holes[i] as number;
      parts.push(
        pieces[i] as string,
        hole === NOW_HOLE ? time : online.has(hole) ? "1" : "0",
      );
    }
    // The chat with oneself and the notices entry are always last (wire-contract.md
    // §5.2); a client shows the notices once they have something to say.
    parts.push(
      pieces[holes.length] as string,
      holes.length > 0 || pieces[0] !== "[" ? "," : "",
      JSON.stringify(selfContact(held.self, names, userId, publicUrl)),
      ",",
      JSON.stringify(noticeContact(held.notices, names.notices, publicUrl)),
      "]",
    );
    return { data: new JsonText(parts.join("")), waiting: held.waiting };
  }

  /** Reads a user's list, waiting requests and notices entry, and writes the list. */
  private async read(userId: number, publicUrl: string): Promise<HeldList> {
    const [contacts, waiting, notices, self] = await Promise.all([
      this.list(userId, publicUrl, CHATLESS),
      this.deps.friends.waiting(userId),
      this.deps.notices.entryState(userId),
      this.deps.messages.conversationState(userId, userId),
    ]);
    const { pieces, holes } = writeHeld(contacts);
    return {
      publicUrl,
      pieces,
      holes,
      userIds: holes.filter((hole) => hole !== NOW_HOLE),
      waiting,
      notices,
      self,
      chars: pieces.reduce((sum, piece) => sum + piece.length, 0),
    };
  }

  /**
   * The contact list, sorted (wire-contract.md §5.2); `now` stands as the send time of
   * contacts without messages.
   */
  async list(
    userId: number,
    publicUrl: string,
    now = this.deps.clock.now(),
  ): Promise<Contact[]> {
    const { system, accounts, friends, messages } = this.deps;
    const { sysInfo } = await system.config();
    const [{ users, nicknames }, states] = await Promise.all([
      sysInfo.runMode === "2"
        ? friends.friendEntries(userId).then((entries) => ({
            users: entries,
            nicknames: new Map(entries.map((e) => [e.user_id, e.nickname])),
          }))
        : Promise.all([
            accounts.directory(userId, null),
            friends.nicknames(userId),
          ]).then(([everyone, given]) => ({
            users: everyone,
            nicknames: given,
          })),
      messages.conversationStates(userId),
    ]);
    const online = await this.deps.presence.onlineAmong(
      users.map((u) => u.user_id),
    );
    const byPeer = new Map(states.map((s) => [s.peer_id, s]));

    const contacts = users.map((user) =>
      userContact(user, {
        state: byPeer.get(String(user.user_id)),
        nickname: nicknames.get(user.user_id),
        online: online.has(user.user_id),
        now,
        publicUrl,
        viewer: userId,
      }),
    );

    contacts.push(
      ...(await this.deps.groups.contactsOf(userId, publicUrl, now)),
    );
    const hasMessages = (c: Contact) =>
      c.lastContent !== "" || c.unread > 0 ? 1 : 0;
    // A hole for the time sorts as the time it will be filled with: the latest.
    const sent = (c: Contact) =>
      c.lastSendTime === CHATLESS ? Number.MAX_SAFE_INTEGER : c.lastSendTime;
    return contacts.sort(
      (a, b) =>
        b.is_top - a.is_top ||
        hasMessages(b) - hasMessages(a) ||
        sent(b) - sent(a) ||
        BY_ID.compare(String(a.id), String(b.id)),
    );
  }

  /**
   * One contact of the user's list (`getContactInfo`), or undefined when it is not one:
   * a group they are in, or a user they may chat with (run mode 2: a friend).
   */
  async one(
    userId: number,
    id: number | string,
    publicUrl: string,
  ): Promise<Contact | undefined> {
    const { system, accounts, friends, messages, groups } = this.deps;
    if (typeof id === "string") {
      const all = await groups.contactsOf(userId, publicUrl);
      return all.find((c) => c.id === id);
    }
    if (id === SELF_CHAT_ID) {
      // Named in the user's own language, as their list names it.
      const [state, me] = await Promise.all([
        messages.conversationState(userId, userId),
        accounts.activeUser(userId),
      ]);
      const lang = isLanguage(me?.lang) ? me.lang : DEFAULT_LANGUAGE;
      return selfContact(
        state,
        {
          self: translate("chat.selfName", lang),
          selfEmpty: translate("chat.selfEmpty", lang),
        },
        userId,
        publicUrl,
      );
    }
    if (id === userId) return undefined;
    const { sysInfo } = await system.config();
    if (sysInfo.runMode === "2" && !(await friends.areFriends(userId, id)))
      return undefined;
    const [user] = await accounts.directory(userId, [id]);
    if (!user) return undefined;
    const [state, nicknames, online] = await Promise.all([
      messages.conversationState(userId, id),
      friends.nicknamesAmong(userId, [id]),
      this.deps.presence.onlineAmong([id]),
    ]);
    return userContact(user, {
      state,
      nickname: nicknames.get(id),
      online: online.has(id),
      now: this.deps.clock.now(),
      viewer: userId,
      publicUrl,
    });
  }

  /**
   * Who sees a user's presence (issue 7, break 7): the users who list a chat with them and
   * their friends, not everyone; so a storm of reconnects grows with the chats people
   * have, not with the square of the users. The others see it when they load the list.
   */
  async presenceAudience(userId: number): Promise<number[]> {
    const { messages, friends } = this.deps;
    const [peers, friendIds] = await Promise.all([
      messages.chatPeers(userId),
      friends.friendIds(userId),
    ]);
    return [...new Set([...peers, ...friendIds])];
  }
}
