import type { Message, MessageSender } from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { parseJsonObject } from "../../lib/json.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import type { MessageRow } from "./messages.repository.js";

/** What a message needs of its sender. */
export type SenderRow = Pick<
  UserRow,
  "user_id" | "realname" | "account" | "avatar" | "name_py"
>;

export function toSender(user: SenderRow, publicUrl: string): MessageSender {
  return {
    id: user.user_id,
    user_id: user.user_id,
    realname: user.realname,
    displayName: user.realname,
    account: user.account,
    avatar: avatarUrl(user.avatar, publicUrl),
    name_py: user.name_py,
  };
}

/** The one place a message row becomes a wire Message. */
export function toMessage(
  row: MessageRow,
  sender: MessageSender,
  addressing: { toContactId: number | string; toUser: number | string },
): Message {
  return {
    msg_id: row.msg_id,
    id: row.client_msg_id,
    seq: row.seq,
    status: "succeed",
    type: row.type,
    content: row.content,
    sendTime: row.created_at,
    is_read: row.is_read,
    is_group: row.is_group,
    at: row.at ? row.at.split(",").filter(Boolean) : [],
    toContactId: addressing.toContactId,
    toUser: addressing.toUser,
    from_user: row.from_user,
    fromUser: sender,
    file_id: row.file_id ?? 0,
    fileName: "",
    fileSize: 0,
    preview: "",
    download: "",
    pid: row.pid ?? 0,
    extends: parseJsonObject(row.extends),
  };
}
