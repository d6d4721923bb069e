import {
  type LinkPreview,
  LinkPreviewSchema,
  type Message,
} from "@parley/protocol";
import { type CallRecordView, callRecordOf } from "../../calls";
import { htmlToText, linksOf, type TextLink } from "../../../lib/html-text";
import { TIME_DIVIDER_GAP_MS } from "../../../lib/time";
import type { OutboxEntry } from "../outbox.store";
import { KNOWN_TYPES, type MediaBody, mediaOf } from "./media";
import type { DeliveryStatus } from "./MessageStatus";

/** One row of the message list. */
export interface ChatItem {
  key: string;
  mine: boolean;
  content: string;
  /** The web addresses in a text, shown as links (the server made them). */
  links?: TextLink[];
  sendTime: number;
  status: DeliveryStatus;
  /** Failed: why the server refused it. */
  statusReason?: string;
  read: boolean | undefined;
  avatar: string;
  name: string;
  /** The sender's user id (their card opens from the avatar). */
  userId: number;
  /** The sender is a bot (extensions.md §9): marked beside its name. */
  bot?: boolean;
  /** A time divider goes above this row. */
  divider: boolean;
  /** The first row of a run of one sender's messages: it shows the avatar, name and time. */
  groupStart: boolean;
  /** The first message that was unread when the chat opened: a "new messages" line goes above it. */
  unreadDivider: boolean;
  /** A file message's picture, clip or card (text rows have none). */
  media?: MediaBody;
  /** A type this client does not know: its text is shown with a note (SPEC §4). */
  unknownType?: boolean;
  /** A call's record: voice or video, and how it ended. */
  call?: CallRecordView;
  /** A group notice's line (stored in Chinese for existing clients): its notice, to translate. */
  notice?: string;
  /** The outbox entry behind a row not yet stored. */
  pending?: OutboxEntry;
  /**
   * A line the server wrote into a group's chat (created, renamed, joined…), shown as a
   * centred line rather than a bubble: its name and what it names, for the translation.
   */
  event?: Record<string, unknown>;
  /** A group message whose receipts I may see: how many of how many have read it (issue 8). */
  receipt?: { msgId: number; read: number; total: number };
  /** The stored message behind the row (its menu acts on it); none while in the outbox. */
  message?: Message;
  /** The message this one replies to, as the reply carries it. */
  quote?: QuoteView;
  /** Its first link's preview (extensions.md §5), as the server made it. */
  linkPreview?: LinkPreview;
  /** A line of its own above the row (a thread's "3 replies" under its root). */
  caption?: string;
}

/** A reply's quoted message, as the bubble shows it above the reply. */
export interface QuoteView {
  msgId: number;
  name: string;
  text: string;
  /** Its type, for a label when it is a picture or file. */
  type: string;
  /** The original was withdrawn or deleted since. */
  undone: boolean;
}

/** A text message's link preview (`extends.linkPreview`, extensions.md §5), if any. */
export function linkPreviewOf(message: Message): LinkPreview | undefined {
  if (message.type !== "text") return undefined;
  const parsed = LinkPreviewSchema.safeParse(message.extends.linkPreview);
  return parsed.success ? parsed.data : undefined;
}

/** The quote a message carries (`extends.quote`, SPEC §3), if any. */
export function quoteOf(message: Message): QuoteView | undefined {
  const raw = message.extends.quote;
  if (typeof raw !== "object" || raw === null) return undefined;
  const quote = raw as Record<string, unknown>;
  const msgId = Number(quote.msg_id);
  if (!Number.isInteger(msgId) || msgId <= 0) return undefined;
  return {
    msgId,
    name: typeof quote.realname === "string" ? quote.realname : "",
    text: typeof quote.content === "string" ? htmlToText(quote.content) : "",
    type: typeof quote.type === "string" ? quote.type : "text",
    undone: quote.undone === 1 || quote.undone === "1",
  };
}

/** A row's key: the sender and the client's id, the same before and after it is stored. */
function messageKey(message: Pick<Message, "from_user" | "id">): string {
  return `${message.from_user}:${message.id}`;
}

/** Consecutive messages of one sender within this time of the first share one avatar, name and time. */
export const GROUP_GAP_MS = 5 * 60_000;

/**
 * Stored messages oldest first, then my unacknowledged ones; a stored copy replaces its
 * outbox entry. Dividers after a one-minute gap (SPEC §9); the "new messages" line above
 * `firstUnread` (a row key); a sender's run starts again after a divider or `GROUP_GAP_MS` after its start.
 */
export function chatItems(
  pages: readonly (readonly Message[])[],
  outbox: readonly OutboxEntry[],
  me: { id: number; avatar: string; name: string },
  firstUnread: string | null = null,
): ChatItem[] {
  const stored = [...pages].reverse().flat();
  const seen = new Set<string>();
  const rows: ChatItem[] = [];
  for (const message of stored) {
    const key = messageKey(message);
    if (seen.has(key)) continue;
    seen.add(key);
    const mine = message.from_user === me.id;
    const event = message.type === "event" ? message.extends : undefined;
    const media = mediaOf(message);
    const quote = event ? undefined : quoteOf(message);
    const linkPreview = linkPreviewOf(message);
    const call = callRecordOf(message, mine);
    const notice =
      message.type === "text" && message.extends.event === "notice"
        ? typeof message.extends.notice === "string"
          ? message.extends.notice
          : ""
        : undefined;
    rows.push({
      key,
      mine,
      content: htmlToText(message.content),
      ...(message.type === "text" ? { links: linksOf(message.content) } : {}),
      sendTime: message.sendTime,
      status: "succeed",
      // A call's record carries no read mark: the call itself was the news.
      read:
        mine && message.is_group === 0 && !call
          ? message.is_read === 1
          : undefined,
      avatar: message.fromUser.avatar,
      name: senderName(message),
      userId: message.from_user,
      ...(message.fromUser.is_bot === 1 ? { bot: true } : {}),
      divider: false,
      groupStart: true,
      unreadDivider: false,
      ...(event ? { event } : {}),
      ...(notice !== undefined ? { notice } : {}),
      ...(media ? { media } : {}),
      ...(call ? { call } : {}),
      ...(KNOWN_TYPES.has(message.type) || call ? {} : { unknownType: true }),
      message,
      ...(quote ? { quote } : {}),
      ...(linkPreview ? { linkPreview } : {}),
      ...(message.readCount !== undefined && message.readTotal !== undefined
        ? {
            receipt: {
              msgId: message.msg_id,
              read: message.readCount,
              total: message.readTotal,
            },
          }
        : {}),
    });
  }
  for (const entry of outbox) {
    const key = messageKey({ from_user: me.id, id: entry.id });
    if (seen.has(key)) continue;
    rows.push({
      key,
      mine: true,
      content: entry.content,
      sendTime: entry.sendTime,
      status:
        entry.status === "going" && entry.waiting ? "waiting" : entry.status,
      ...(entry.reason ? { statusReason: entry.reason } : {}),
      read: undefined,
      avatar: me.avatar,
      name: me.name,
      userId: me.id,
      divider: false,
      groupStart: true,
      unreadDivider: false,
      pending: entry,
      ...(entry.upload ? { media: uploadMedia(entry) } : {}),
    });
  }
  let previous: ChatItem | undefined;
  let groupTime = 0;
  for (const row of rows) {
    row.divider =
      previous === undefined ||
      row.sendTime - previous.sendTime > TIME_DIVIDER_GAP_MS;
    row.unreadDivider = row.key === firstUnread;
    row.groupStart =
      previous === undefined ||
      row.divider ||
      row.unreadDivider ||
      previous.event !== undefined ||
      previous.mine !== row.mine ||
      previous.name !== row.name ||
      row.sendTime - groupTime > GROUP_GAP_MS;
    if (row.groupStart) groupTime = row.sendTime;
    previous = row;
  }
  return rows;
}

/** How a file not yet stored is drawn: from the file itself, in this browser. */
function uploadMedia(entry: OutboxEntry): MediaBody | undefined {
  const up = entry.upload;
  if (!up) return undefined;
  const url = up.localUrl;
  const seconds = up.duration ?? 0;
  switch (up.type) {
    case "image":
      return {
        kind: "image",
        url,
        thumb: url,
        name: up.file.name,
        width: 0,
        height: 0,
        sticker: false,
      };
    case "voice":
      return { kind: "voice", url, seconds };
    case "video":
      return {
        kind: "video",
        url,
        name: up.file.name,
        size: up.file.size,
        seconds,
      };
    case "file":
      return {
        kind: "file",
        name: up.file.name,
        size: up.file.size,
        download: "",
        preview: "",
      };
  }
}

/**
 * The other side's loaded messages newest first, each with its place from the end among the
 * messages a chat's unread count counts, and how many places the loaded pages cover. Replies
 * in threads are not in the pages (`threads=1`) but are counted unread: each gap in the
 * sequence numbers is such a message (or one deleted since) and takes a place; so does,
 * at least, each root whose thread had a reply after the newest loaded message.
 */
function peerPlaces(
  pages: readonly (readonly Message[])[],
  meId: number,
): { places: { key: string; place: number }[]; covered: number } {
  const places: { key: string; place: number }[] = [];
  const newest = pages[0]?.at(-1);
  let covered = 0;
  if (newest)
    for (const page of pages)
      for (const message of page)
        if (message.thread && message.thread.lastTime > newest.sendTime)
          covered += 1;
  let newerSeq: number | undefined;
  for (const page of pages) {
    for (let i = page.length - 1; i >= 0; i--) {
      const message = page[i];
      if (!message) continue;
      if (newerSeq !== undefined && message.seq < newerSeq)
        covered += newerSeq - message.seq - 1;
      newerSeq = message.seq;
      if (message.from_user === meId) continue;
      covered += 1;
      places.push({ key: messageKey(message), place: covered });
    }
  }
  return { places, covered };
}

/** How many of the other side's `unread` messages the loaded pages lack (older pages come first). */
export function unreadMissing(
  pages: readonly (readonly Message[])[],
  meId: number,
  unread: number,
): number {
  return Math.max(0, unread - peerPlaces(pages, meId).covered);
}

/**
 * Where the "new messages" line goes: the oldest of the other side's loaded messages among
 * the last `unread` — or the oldest one loaded, when the history holds fewer — or null with
 * none unread (or all of them replies in threads).
 */
export function firstUnreadKey(
  pages: readonly (readonly Message[])[],
  meId: number,
  unread: number,
): string | null {
  if (unread <= 0) return null;
  const { places } = peerPlaces(pages, meId);
  let found: string | null = null;
  for (const { key, place } of places) {
    if (place > unread) break;
    found = key;
  }
  return found;
}

/**
 * The name a message shows for its sender: a webhook's bot shows the name its payload
 * gave (Slack's `username`, `extends.hookName`), with the BOT mark beside it.
 */
export function senderName(message: Message): string {
  const given = message.extends.hookName;
  return message.fromUser.is_bot === 1 &&
    typeof given === "string" &&
    given.trim() !== ""
    ? given
    : message.fromUser.displayName;
}
