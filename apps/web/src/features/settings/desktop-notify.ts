import {
  type Contact,
  type ContactId,
  type Message,
  namesMe,
} from "@parley/protocol";
import { subscribeToPushLater } from "../../api/service-worker";
import { htmlToText } from "../../lib/html-text";
import { fileLabelKey } from "../contacts";
import { readString, StorageKeys, write } from "../../lib/storage";
import { chatOfIncoming } from "./new-message-sound";

/*
 * Browser notifications for new messages (SPEC §9: when they are not granted, the sound is
 * the fallback; issue 11). The permission is asked only when the user clicks to turn them
 * on, never on page load.
 */

/** Lines that are not someone writing to me. */
const SILENT_TYPES = new Set(["event", "webrtc"]);

/** What decides whether a pushed message is announced. */
export interface NotifyContext {
  me: number;
  openChat: ContactId | null;
  visible: boolean;
  contacts: readonly Contact[] | undefined;
}

/** Whether a message names me (or everyone) in a group. */
export function mentionsMe(message: Message, me: number): boolean {
  return message.is_group === 1 && namesMe(message.at, me);
}

/**
 * Whether a pushed message is worth telling the user about: someone else wrote it, it is
 * not the chat in front of them, and the chat is not on do-not-disturb — unless it mentions
 * them, which gets through (issue 11).
 */
export function worthTelling(message: Message, ctx: NotifyContext): boolean {
  if (message.from_user === ctx.me) return false;
  if (SILENT_TYPES.has(message.type) || message.is_group === 2) return false;
  const chat = chatOfIncoming(message);
  if (chat === null) return false;
  if (ctx.visible && ctx.openChat === chat) return false;
  const contact = ctx.contacts?.find((c) => c.id === chat);
  return contact?.is_notice !== 0 || mentionsMe(message, ctx.me);
}

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof Notification !== "undefined";
}

/** Whether notifications are on: the browser granted them. */
export function notificationsGranted(): boolean {
  return notificationsSupported() && Notification.permission === "granted";
}

/**
 * Asks the browser (from a click); answers whether they are now granted. Granted, this
 * device also subscribes to Web Push, so messages reach it with every tab closed.
 */
export async function askForNotifications(): Promise<boolean> {
  if (!notificationsSupported()) return false;
  const answer = await Notification.requestPermission();
  if (answer !== "granted") return false;
  void subscribeToPushLater();
  return true;
}

/** Whether to offer turning notifications on: supported, not decided, not dismissed. */
export function shouldOfferNotifications(): boolean {
  return (
    notificationsSupported() &&
    Notification.permission === "default" &&
    readString(StorageKeys.notifyOfferDismissed) !== "1"
  );
}

/** The offer was dismissed: it is not shown again in this browser. */
export function dismissNotificationOffer(): void {
  write(StorageKeys.notifyOfferDismissed, "1");
}

/**
 * Shows a message as a browser notification: the sender (and the group) as its title, the
 * text or a label as its body; one per chat at a time (a newer one replaces it). A click
 * brings the tab forward and opens the chat.
 */
export function showMessageNotification(
  message: Message,
  options: {
    chatName: string | undefined;
    t: (key: string) => string;
    onOpen: (chat: ContactId) => void;
  },
): Notification | null {
  const chat = chatOfIncoming(message);
  if (chat === null || !notificationsGranted()) return null;
  const sender = message.fromUser.displayName;
  const title =
    message.is_group === 1 && options.chatName
      ? `${sender} · ${options.chatName}`
      : sender;
  const label = fileLabelKey(message.type);
  const body = label ? options.t(label) : htmlToText(message.content);
  const note = new Notification(title, {
    body: body.slice(0, 200),
    tag: `chat-${String(chat)}`,
    icon: message.fromUser.avatar || undefined,
  });
  note.onclick = () => {
    window.focus();
    options.onOpen(chat);
    note.close();
  };
  return note;
}
