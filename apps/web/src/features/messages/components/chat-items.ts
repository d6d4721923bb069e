import type { Message } from "@parley/protocol";
import { htmlToText } from "../../../lib/html-text";
import { TIME_DIVIDER_GAP_MS } from "../../../lib/time";
import type { OutboxEntry } from "../outbox.store";
import type { DeliveryStatus } from "./MessageStatus";

/** One row of the message list. */
export interface ChatItem {
  key: string;
  mine: boolean;
  content: string;
  sendTime: number;
  status: DeliveryStatus;
  read: boolean | undefined;
  avatar: string;
  name: string;
  /** A time divider goes above this row. */
  divider: boolean;
  /** The outbox entry behind a row not yet stored. */
  pending?: OutboxEntry;
}

/**
 * Stored messages oldest first, then my unacknowledged ones; a stored copy replaces its
 * outbox entry. Dividers after a one-minute gap (SPEC §9).
 */
export function chatItems(
  pages: readonly (readonly Message[])[],
  outbox: readonly OutboxEntry[],
  me: { id: number; avatar: string; name: string },
): ChatItem[] {
  const stored = [...pages].reverse().flat();
  const seen = new Set<string>();
  const rows: ChatItem[] = [];
  for (const message of stored) {
    const key = `${message.from_user}:${message.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const mine = message.from_user === me.id;
    rows.push({
      key,
      mine,
      content: htmlToText(message.content),
      sendTime: message.sendTime,
      status: "succeed",
      read: mine && message.is_group === 0 ? message.is_read === 1 : undefined,
      avatar: message.fromUser.avatar,
      name: message.fromUser.displayName,
      divider: false,
    });
  }
  for (const entry of outbox) {
    const key = `${me.id}:${entry.id}`;
    if (seen.has(key)) continue;
    rows.push({
      key,
      mine: true,
      content: entry.content,
      sendTime: entry.sendTime,
      status: entry.status,
      read: undefined,
      avatar: me.avatar,
      name: me.name,
      divider: false,
      pending: entry,
    });
  }
  let previous = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    row.divider = row.sendTime - previous > TIME_DIVIDER_GAP_MS;
    previous = row.sendTime;
  }
  return rows;
}
