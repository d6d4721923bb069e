import {
  type Contact,
  type Message,
  NOTICE_CONTACT_ID,
  type Notice,
} from "@parley/protocol";
import { escapeUTF8 } from "entities";
import { formatDateTime } from "../../lib/clock.js";
import { avatarUrl, toSender } from "../accounts/accounts.mapper.js";
import type { NoticeRow } from "./notices.repository.js";

/**
 * The letter group of the system's entries (wire-contract.md §2.9): `[1]` sorts them before
 * the letters, and old clients head the group with what follows.
 */
export const SYSTEM_ENTRY_INDEX = "[1]系统消息";

/** The id a notice's message carries. */
export function noticeMessageId(noticeId: number): string {
  return `notice-${String(noticeId)}`;
}

/**
 * The old server's HTML of a notice (wire-contract.md §5.3), which existing clients show
 * as HTML: the title and text escaped, the text's line breaks kept.
 */
export function noticeHtml(title: string, body: string): string {
  const text = escapeUTF8(body).replace(/\r?\n/g, "<br>");
  return `<h4>${escapeUTF8(title)}</h4><br><p>${text}</p>`;
}

/** A notice as the console lists it. */
export function toNotice(row: NoticeRow): Notice {
  return {
    msg_id: row.notice_id,
    id: noticeMessageId(row.notice_id),
    title: row.title,
    notice: row.body,
    content: noticeHtml(row.title, row.body),
    create_time: formatDateTime(row.created_at),
    sendTime: row.created_at,
    update_time: row.updated_at,
    from_user: row.created_by,
    realname: row.realname,
    extends: { title: row.title, notice: row.body },
  };
}

/** A notice as a message of the notices entry (getMessageList, the `simple` push). */
export function toNoticeMessage(row: NoticeRow, publicUrl: string): Message {
  return {
    msg_id: row.notice_id,
    id: noticeMessageId(row.notice_id),
    seq: row.notice_id,
    status: "succeed",
    type: "text",
    content: noticeHtml(row.title, row.body),
    sendTime: row.created_at,
    is_read: 1,
    is_group: 2,
    at: [],
    toContactId: NOTICE_CONTACT_ID,
    toUser: NOTICE_CONTACT_ID,
    from_user: row.created_by,
    fromUser: toSender(
      {
        user_id: row.created_by,
        realname: row.realname,
        account: row.account,
        avatar: row.avatar,
        name_py: row.name_py,
      },
      publicUrl,
    ),
    file_id: 0,
    file_cate: 0,
    fileName: "",
    fileSize: 0,
    preview: "",
    download: "",
    extUrl: "",
    role: 3,
    pid: 0,
    extends: { title: row.title, notice: row.body },
    // A notice takes no reactions (nobody may send in the notices entry).
    reactions: [],
    // An edited notice is pushed again as it reads now (notices.service.ts).
    editTime: 0,
    thread_id: "",
    thread_broadcast: 0,
  };
}

/** What the notices entry shows of a user but its name: its last line and badge. */
export interface NoticeEntryState {
  newest: { title: string; created_at: number } | undefined;
  unread: number;
}

/**
 * The notices entry of a user's contact list (wire-contract.md §5.2 "Appended system
 * entries"): the newest notice's title and time, and how many the user has not read.
 */
export function noticeContact(
  entry: NoticeEntryState,
  name: string,
  publicUrl: string,
): Contact {
  return {
    id: NOTICE_CONTACT_ID,
    displayName: name,
    avatar: avatarUrl("", publicUrl),
    name_py: "",
    index: SYSTEM_ENTRY_INDEX,
    is_group: 2,
    lastContent: entry.newest?.title ?? "",
    lastSendTime: entry.newest?.created_at ?? 0,
    // A type only with a last message, as for any contact (wire-contract.md §2.9).
    ...(entry.newest ? { type: "text" } : {}),
    unread: entry.unread,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_online: 0,
    setting: [],
  };
}
