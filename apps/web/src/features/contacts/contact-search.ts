import { type Contact, SELF_CHAT_KIND } from "@parley/protocol";
import type { ContactTab } from "../../stores/chat-ui.store";

export type { ContactSection, ContactTab } from "../../stores/chat-ui.store";

/** A Chinese name's pinyin, spelt out and as initials: 张三 → zhangsan, zs. */
export interface NamePinyin {
  full: string;
  initials: string;
}
/** The pinyin of the names that hold Chinese characters, by name. */
export type PinyinIndex = ReadonlyMap<string, NamePinyin>;

/** The results of a search, each contact in one section (issue 15, fault 6). */
export interface SearchSections {
  /** Chats with messages: people and groups alike. */
  chats: Contact[];
  /** People (and system entries) with no chat yet. */
  people: Contact[];
  /** Groups (is_group 1) with no chat yet. */
  groups: Contact[];
}

const HAN = /\p{Script=Han}/u;

/** A chat, as the All tab lists it (SPEC §2): it has a last message or unread ones. */
export function hasChat(contact: Contact): boolean {
  // A pinned chat, or one with a draft, stays listed before its first message. The chat
  // with myself always has a line to show (what it is for): it counts once it has a
  // message (a type).
  return (
    (contact.is_group === SELF_CHAT_KIND
      ? contact.type !== undefined
      : contact.lastContent !== "") ||
    contact.unread > 0 ||
    contact.is_top === 1 ||
    Boolean(contact.draft)
  );
}

/** Pinned first, then by last send time (SPEC §2). */
export function sortContacts(list: readonly Contact[]): Contact[] {
  return [...list].sort(
    (a, b) => b.is_top - a.is_top || b.lastSendTime - a.lastSendTime,
  );
}

/** The directory order: by letter group, then by pinyin (wire-contract.md §2.9). */
function byName(a: Contact, b: Contact): number {
  return a.index.localeCompare(b.index) || a.name_py.localeCompare(b.name_py);
}

/** The chats a tab shows, in list order. */
export function chatsOfTab(
  list: readonly Contact[],
  tab: ContactTab,
): Contact[] {
  return sortContacts(
    list.filter((c) => {
      if (tab === "unread") return c.unread > 0;
      if (tab === "at") return c.is_at > 0;
      return hasChat(c);
    }),
  );
}

/** The directory: everyone the user may chat with, A to Z. */
export function directory(list: readonly Contact[]): Contact[] {
  return [...list].sort(byName);
}

/** Case and width folded, so "ＢＯＢ", "Bob" and "bob" compare equal. */
export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase().trim();
}

/** Whether a search could match a Chinese name by its pinyin, so the pinyin is worth loading. */
export function needsPinyin(list: readonly Contact[], query: string): boolean {
  const needle = normalize(query);
  return (
    /^[a-z][a-z ]*$/.test(needle) &&
    list.some((c) => HAN.test(c.displayName) || HAN.test(c.realname ?? ""))
  );
}

/** The names a contact answers to that may hold Chinese characters. */
export function namesOf(contact: Contact): string[] {
  const names = [contact.displayName];
  if (contact.realname && contact.realname !== contact.displayName)
    names.push(contact.realname);
  return names;
}

const startsWord = (text: string, needle: string) =>
  text
    .split(/[\s\-_.·@]+/)
    .some((word) => word !== "" && word.startsWith(needle));

/**
 * How well a contact matches a search, lower is better, or null when it does not:
 * 0 the name itself, 1 the name's start, 2 a word of the name, 3 the start of the
 * account or real name, 4 the start of the pinyin or its initials, 5 inside the name,
 * 6 inside another field (not for a single Latin letter).
 */
export function matchRank(
  contact: Contact,
  query: string,
  pinyin?: PinyinIndex,
): number | null {
  const needle = normalize(query);
  if (needle === "") return null;
  const name = normalize(contact.displayName);
  const others = [contact.realname ?? "", contact.account ?? ""]
    .map(normalize)
    .filter((field) => field !== "");
  const squashed = needle.replace(/\s+/g, "");
  const spelt = [
    normalize(contact.name_py),
    ...namesOf(contact).flatMap((n) => {
      const found = pinyin?.get(n);
      return found ? [found.full, found.initials] : [];
    }),
  ].filter((field) => field !== "");

  if (name === needle) return 0;
  if (name.startsWith(needle)) return 1;
  if (startsWord(name, needle)) return 2;
  if (others.some((field) => field.startsWith(needle))) return 3;
  if (squashed !== "" && spelt.some((field) => field.startsWith(squashed)))
    return 4;
  // One Latin letter is inside nearly every name: only a Chinese character is worth it.
  if (needle.length === 1 && !HAN.test(needle)) return null;
  if (name.includes(needle)) return 5;
  if (
    others.some((field) => field.includes(needle)) ||
    spelt.some((field) => field.includes(squashed))
  )
    return 6;
  return null;
}

/** The contacts matching a search, best first; ties keep the order of `list`. */
export function rankContacts(
  list: readonly Contact[],
  query: string,
  pinyin?: PinyinIndex,
): Contact[] {
  return list
    .map((contact, order) => ({
      contact,
      order,
      rank: matchRank(contact, query, pinyin),
    }))
    .filter(
      (entry): entry is typeof entry & { rank: number } => entry.rank !== null,
    )
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((entry) => entry.contact);
}

/**
 * A search over everyone the user may chat with, in sections: open chats (most recent
 * first among equals), then people and groups with no chat yet (A to Z among equals).
 * An empty search lists them all, which is what the quick switcher opens on.
 */
export function searchSections(
  list: readonly Contact[],
  query: string,
  pinyin?: PinyinIndex,
): SearchSections {
  const chats = sortContacts(list.filter(hasChat));
  const rest = directory(list.filter((c) => !hasChat(c)));
  const pick = (from: Contact[]) =>
    normalize(query) === "" ? from : rankContacts(from, query, pinyin);
  const others = pick(rest);
  return {
    chats: pick(chats),
    people: others.filter((c) => c.is_group !== 1),
    groups: others.filter((c) => c.is_group === 1),
  };
}
