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

/** The address of a stored file (wire-contract.md §2.3: `content` of a file message). */
export function fileUrl(fileId: number, publicUrl: string): string {
  return `${publicUrl}/files/${String(fileId)}`;
}

/** The message types whose file a browser shows in place (image, voice, video). */
const SHOWN_IN_PLACE = new Set(["image", "voice", "video"]);

/**
 * The file fields of a message: its name and size as the message recorded them, where to
 * see it in place and where to download it.
 */
function fileFields(
  row: MessageRow,
  ext: Record<string, unknown>,
  publicUrl: string,
): Pick<Message, "content" | "fileName" | "fileSize" | "preview" | "download"> {
  if (row.file_id === null)
    return {
      content: row.content,
      fileName: "",
      fileSize: 0,
      preview: "",
      download: "",
    };
  const url = fileUrl(row.file_id, publicUrl);
  return {
    content: url,
    fileName: typeof ext.fileName === "string" ? ext.fileName : "",
    fileSize: typeof ext.fileSize === "number" ? ext.fileSize : 0,
    preview: SHOWN_IN_PLACE.has(row.type) ? url : "",
    download: `${url}?download=1`,
  };
}

/**
 * The event line a withdrawn message shows (wire-contract.md §5.6), as existing clients
 * read it: "你" to its sender, the sender's name in a group, "对方" in a one-to-one chat;
 * a group manager's withdrawal of someone else's message says so. `line` is the `extends`
 * the withdrawal stored.
 */
export function withdrawnText(
  line: Record<string, unknown>,
  viewer: number | undefined,
  isGroup: boolean,
): string {
  const sender = Number(line.user_id);
  const name = typeof line.realname === "string" ? line.realname : "";
  const own = viewer !== undefined && viewer === sender;
  if (line.manager === 1)
    return own
      ? "你的一条消息被管理员撤回了"
      : `${name}的一条消息被管理员撤回了`;
  if (own) return "你撤回了一条消息";
  return isGroup ? `${name}撤回了一条消息` : "对方撤回了一条消息";
}

/** A picture no larger than this on both sides is shown at its own size (fixMode 3). */
const SMALL_PICTURE_PX = 200;

/**
 * A message's `extends` as the wire gives it (wire-contract.md §2.9), from what was
 * stored: a picture's `fixMode` (1 wide, 2 tall, 3 small), and a reply's quote also in the
 * contract's flat keys (`msg_id`, `content`, `user_id`, `realname`), which existing clients
 * read; our client reads the same quote under `quote`.
 */
export function wireExtends(
  type: string,
  ext: Record<string, unknown>,
): Record<string, unknown> {
  let shown = ext;
  const quote = ext.quote;
  if (typeof quote === "object" && quote !== null && !Array.isArray(quote)) {
    const q = quote as Record<string, unknown>;
    shown = {
      ...shown,
      msg_id: q.msg_id,
      content: q.content,
      user_id: q.user_id,
      realname: q.realname,
    };
  }
  const { width, height } = ext;
  if (
    type === "image" &&
    typeof width === "number" &&
    typeof height === "number" &&
    width > 0 &&
    height > 0
  ) {
    const small = width <= SMALL_PICTURE_PX && height <= SMALL_PICTURE_PX;
    shown = { ...shown, fixMode: small ? 3 : width >= height ? 1 : 2 };
  }
  return shown;
}

/** The one place a message row becomes a wire Message. */
export function toMessage(
  row: MessageRow,
  sender: MessageSender,
  addressing: {
    toContactId: number | string;
    toUser: number | string;
    /** Who reads it: a withdrawn line says "你" to its sender. */
    viewer?: number;
  },
  publicUrl = "",
): Message {
  const ext = parseJsonObject(row.extends);
  const files = fileFields(row, ext, publicUrl);
  if (row.is_undo === 1)
    files.content = withdrawnText(ext, addressing.viewer, row.is_group === 1);
  return {
    msg_id: row.msg_id,
    id: row.client_msg_id,
    seq: row.seq,
    status: "succeed",
    type: row.type,
    sendTime: row.created_at,
    is_read: row.is_read,
    is_group: row.is_group,
    at: row.at ? row.at.split(",").filter(Boolean) : [],
    toContactId: addressing.toContactId,
    toUser: addressing.toUser,
    from_user: row.from_user,
    fromUser: sender,
    file_id: row.file_id ?? 0,
    ...files,
    pid: row.pid ?? 0,
    extends: wireExtends(row.type, ext),
  };
}
