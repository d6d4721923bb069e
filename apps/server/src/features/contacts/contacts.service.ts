import type { Contact } from "@parley/protocol";
import type { Presence, Services } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { parseJsonObject } from "../../lib/json.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { withdrawnText } from "../messages/messages.mapper.js";
import type { DirectoryEntry } from "../accounts/accounts.service.js";
import type { ConversationState } from "../messages/messages.service.js";

export interface ContactsDeps {
  services: Services;
  presence: Presence;
  clock: Clock;
}

/** The letter group of a name: its pinyin initial, or # (wire-contract.md §2.9). */
function indexLetter(namePy: string): string {
  const first = namePy.charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
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

/** A chat's last line as its list shows it: a withdrawn message as its event line. */
function lastContentOf(
  state: ConversationState | undefined,
  viewer: number,
): string {
  if (!state?.last_content) return "";
  if (state.last_is_undo !== 1) return state.last_content;
  return withdrawnText(
    parseJsonObject(state.last_extends ?? "{}"),
    viewer,
    false,
  );
}

/** A user as a contact of the viewer (wire-contract.md §2.9 Contact). */
function userContact(user: DirectoryEntry, parts: UserContactParts): Contact {
  const { state } = parts;
  const contact: Contact = {
    id: user.user_id,
    displayName: parts.nickname || user.realname,
    avatar: avatarUrl(user.avatar, parts.publicUrl),
    name_py: user.name_py,
    index: indexLetter(user.name_py),
    is_group: 0,
    lastContent: lastContentOf(state, parts.viewer),
    lastSendTime: state?.last_send_time ?? parts.now,
    unread: state?.unread ?? 0,
    is_top: state?.is_top ?? 0,
    is_notice: state?.is_notice ?? 1,
    is_at: state?.is_at ?? 0,
    is_online: parts.online ? 1 : 0,
    setting: [],
    user_id: user.user_id,
    realname: user.realname,
    account: user.account,
    // Nobody's email or last address travels in the list (issue 9): the card shows them
    // where SPEC's rules allow.
    email: "",
    last_login_ip: "",
    location: "",
  };
  if (state?.last_type) contact.type = state.last_type;
  if (state?.last_type === "event" && state.last_extends)
    contact.lastEvent = parseJsonObject(state.last_extends);
  if (state?.draft) contact.draft = state.draft;
  return contact;
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
  constructor(private readonly deps: ContactsDeps) {}

  async list(userId: number, publicUrl: string): Promise<Contact[]> {
    const { system, accounts, friends, messages } = this.deps.services;
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
    const now = this.deps.clock.now();

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
      ...(await this.deps.services.groups.contactsOf(userId, publicUrl)),
    );
    const hasMessages = (c: Contact) =>
      c.lastContent !== "" || c.unread > 0 ? 1 : 0;
    return contacts.sort(
      (a, b) =>
        b.is_top - a.is_top ||
        hasMessages(b) - hasMessages(a) ||
        b.lastSendTime - a.lastSendTime ||
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
    const { system, accounts, friends, messages, groups } = this.deps.services;
    if (typeof id === "string") {
      const all = await groups.contactsOf(userId, publicUrl);
      return all.find((c) => c.id === id);
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

  /** The system notices entry of the user's list (wire-contract.md §5.2). */
  noticesEntry(
    userId: number,
    name: string,
    publicUrl: string,
  ): Promise<Contact> {
    return this.deps.services.notices.contact(userId, name, publicUrl);
  }

  /** How many friend requests wait for the user, and when the newest came (ms, 0 if none). */
  waitingRequests(userId: number): Promise<{ count: number; newest: number }> {
    return this.deps.services.friends.waiting(userId);
  }

  /**
   * Who sees a user's presence (issue 7, break 7): the users who list a chat with them and
   * their friends, not everyone; so a storm of reconnects grows with the chats people
   * have, not with the square of the users. The others see it when they load the list.
   */
  async presenceAudience(userId: number): Promise<number[]> {
    const { messages, friends } = this.deps.services;
    const [peers, friendIds] = await Promise.all([
      messages.chatPeers(userId),
      friends.friendIds(userId),
    ]);
    return [...new Set([...peers, ...friendIds])];
  }
}
