import {
  type Contact,
  NOTICE_CONTACT_ID,
  SELF_CHAT_ID,
} from "@parley/protocol";

/**
 * The client's own `system` contact (wire-contract.md §5.2, §5.9): in run mode 2 the list
 * carries an entry for friend requests, tagged BOT. getContacts' envelope seeds it: `count`
 * requests wait for my answer (its badge), `page` is when the newest came (ms, 0 if none).
 */
export const SYSTEM_CONTACT_ID = "system";

/** Whether a contact is the friend-request entry. */
export function isSystemEntry(contact: Pick<Contact, "id">): boolean {
  return contact.id === SYSTEM_CONTACT_ID;
}

/** Whether a contact is the system notices entry (wire-contract.md §5.2, issue 12). */
export function isNoticesEntry(contact: Pick<Contact, "id">): boolean {
  return contact.id === NOTICE_CONTACT_ID;
}

/**
 * Whether a contact is the chat with myself (wire-contract.md §4.4, id -1): notes and files
 * for my other devices. A chat like any other, but nobody to talk to.
 */
export function isSelfChat(contact: Pick<Contact, "id">): boolean {
  return contact.id === SELF_CHAT_ID;
}

/** Whether a contact is one of the system's entries rather than a person or a group. */
export function isBuiltInEntry(contact: Pick<Contact, "id">): boolean {
  return (
    isSystemEntry(contact) || isNoticesEntry(contact) || isSelfChat(contact)
  );
}

/** The entry as getContacts' envelope seeds it; its words are the reader's, added when shown. */
export function systemEntry(waiting: number, newest: number): Contact {
  return {
    id: SYSTEM_CONTACT_ID,
    displayName: "",
    avatar: "",
    name_py: "",
    // System entries sort before the letters in the directory (wire-contract.md §2.9).
    index: "[1]",
    is_group: 2,
    lastContent: "",
    lastSendTime: newest,
    unread: Math.max(0, waiting),
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_online: 0,
    setting: [],
  };
}

/** What the entry says, in the reader's language. */
export interface SystemEntryWords {
  name: string;
  /** The system notices entry's name. */
  noticesName: string;
  /** The chat with myself: its name, and its line before its first message. */
  selfName: string;
  selfIdle: string;
  /** No request waits: what the entry is for. */
  idle: string;
  waiting: (count: number) => string;
  /** The newest request, when it came while the page was open. */
  addedYou: (name: string) => string;
}

function entryLine(entry: Contact, words: SystemEntryWords): string {
  if (entry.unread <= 0) return words.idle;
  const applicant = entry.lastEvent?.realname;
  return typeof applicant === "string" && applicant !== ""
    ? words.addedYou(applicant)
    : words.waiting(entry.unread);
}

/**
 * The list as the reader sees it: the friend-request entry only in run mode 2 (SPEC §6),
 * named and described in their words; the notices entry in their words with its own icon
 * (no avatar); the chat with myself in their words; everything else as the server sent it.
 */
export function shownContacts(
  list: readonly Contact[],
  runMode: string | undefined,
  words: SystemEntryWords,
): Contact[] {
  const shown = runMode === "2" ? list : list.filter((c) => !isSystemEntry(c));
  return shown.map((c) => {
    if (isSystemEntry(c))
      return {
        ...c,
        displayName: words.name,
        lastContent: entryLine(c, words),
      };
    if (isNoticesEntry(c))
      return { ...c, displayName: words.noticesName, avatar: "" };
    if (isSelfChat(c))
      return {
        ...c,
        displayName: words.selfName,
        lastContent: c.type === undefined ? words.selfIdle : c.lastContent,
      };
    return c;
  });
}
