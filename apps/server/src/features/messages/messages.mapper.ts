import {
  type Contact,
  extensionIcon,
  GroupRoles,
  type Message,
  messageFileCategory,
  type MessageSender,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
} from "@parley/protocol";
import type { UserRow } from "../../db/schema.js";
import { parseJsonObject } from "../../lib/json.js";
import { type SenderRow, userAsContact } from "../accounts/accounts.mapper.js";
import { SYSTEM_ENTRY_INDEX } from "../notices/notices.mapper.js";
import { EXT_ICON_PREFIX } from "../../plugins/ext-icons.js";
import type { MessageRow } from "./message-store.repository.js";
import type { ConversationState } from "./messages.repository.js";

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
): Pick<
  Message,
  | "content"
  | "fileName"
  | "fileSize"
  | "file_cate"
  | "preview"
  | "download"
  | "extUrl"
> {
  if (row.file_id === null)
    return {
      content: row.content,
      fileName: "",
      fileSize: 0,
      file_cate: 0,
      preview: "",
      download: "",
      extUrl: "",
    };
  const url = fileUrl(row.file_id, publicUrl);
  const fileName = typeof ext.fileName === "string" ? ext.fileName : "";
  const picture = row.type === "image" || row.type === "emoji";
  return {
    content: url,
    fileName,
    fileSize: typeof ext.fileSize === "number" ? ext.fileSize : 0,
    file_cate: messageFileCategory(row.type, fileName),
    preview: SHOWN_IN_PLACE.has(row.type) ? url : "",
    download: `${url}?download=1`,
    // A picture is its own icon; any other file its extension's (plugins/ext-icons.ts).
    extUrl: picture
      ? url
      : `${publicUrl}/static/img/ext/${extensionIcon(fileName)}.png`,
  };
}

/**
 * Who a stored mention list names, as a history page gives it: the stored ids, and for a
 * mention of everyone ("0") the reader too, whom old clients look for (wire-contract.md
 * §5.3 stores "everyone" as every member's id: a 10,000-member group's ids in each row).
 */
function mentionsFor(at: string, viewer: number | undefined): string[] {
  const ids = at ? at.split(",").filter(Boolean) : [];
  if (viewer === undefined || !ids.includes("0")) return ids;
  const me = String(viewer);
  return ids.includes(me) ? ids : [...ids, me];
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
  if (line.manager === 1) {
    const by = line.managerRole === 1 ? "群主" : "管理员";
    return own ? `你的一条消息被${by}撤回了` : `${name}的一条消息被${by}撤回了`;
  }
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
    /** The sender's role in the group; 3 (member) when not given or not a group. */
    role?: number;
  },
  publicUrl = "",
): Message {
  const ext = parseJsonObject(row.extends);
  const files = fileFields(row, ext, publicUrl);
  // A note to oneself is stored as a one-to-one message to its sender; the wire calls
  // that chat -1, of kind 3 (wire-contract.md §4.4), whoever asks.
  const self = row.is_group === 0 && row.from_user === row.to_user;
  if (row.is_undo === 1)
    files.content = withdrawnText(ext, addressing.viewer, row.is_group === 1);
  return {
    msg_id: row.msg_id,
    id: row.client_msg_id,
    seq: row.seq,
    status: "succeed",
    type: row.type,
    sendTime: row.created_at,
    // A group's messages, and notes to oneself, are stored read (wire-contract.md §2.9):
    // receipts of groups are counts of their own.
    is_read: row.is_group === 1 || self ? 1 : row.is_read,
    is_group: self ? SELF_CHAT_KIND : row.is_group,
    at: mentionsFor(
      row.at,
      addressing.viewer === row.from_user ? undefined : addressing.viewer,
    ),
    toContactId: self ? SELF_CHAT_ID : addressing.toContactId,
    toUser: self ? SELF_CHAT_ID : addressing.toUser,
    from_user: row.from_user,
    fromUser: sender,
    file_id: row.file_id ?? 0,
    ...files,
    role: addressing.role ?? GroupRoles.member,
    pid: row.pid ?? 0,
    extends: wireExtends(row.type, ext),
    // Filled by the page's one read of them (withReactions); a new message has none.
    reactions: [],
    editTime: row.edit_time,
    // The root's id for a reply in a thread (extensions.md §6); roots get `thread` from the
    // page's one read of the summaries.
    thread_id: row.thread_id,
    thread_broadcast: row.thread_broadcast,
  };
}

/**
 * A message as its send answers and pushes it (wire-contract.md §2.9 "Sent message"):
 * mentions as numbers, empty file fields as "", and who it went from and to, with the chat
 * as its receiver lists it (`contactInfo`).
 */
export function toSentMessage(
  message: Message,
  sent: { toUser: number; contactInfo: Contact },
): Message {
  const noFile = message.file_id === 0;
  return {
    ...message,
    at: message.at.map(Number).filter(Number.isInteger),
    // The upload answer's names of the file fields (wire-contract.md §2.3), in its push too.
    ...(noFile
      ? { fileSize: "", fileName: "" }
      : {
          file_size:
            typeof message.fileSize === "number" ? message.fileSize : 0,
          file_name: message.fileName,
        }),
    user_id: message.from_user,
    to_user: sent.toUser,
    contactInfo: sent.contactInfo,
  };
}

/**
 * The sender as the receiver of a one-to-one message lists them when the chat is new to
 * them (`contactInfo`): the sender's own name (a nickname the receiver gave them is in the
 * list the receiver holds already) and the message as the chat's last.
 */
export function senderAsContact(
  sender: SenderRow & Pick<UserRow, "name_py">,
  message: Pick<Message, "content" | "sendTime" | "type">,
  publicUrl: string,
): Contact {
  return userAsContact(sender, {
    lastContent: message.content,
    lastSendTime: message.sendTime,
    type: message.type,
    unread: 1,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    // They have just sent it.
    online: true,
    publicUrl,
  });
}

/** A chat's last line as its list shows it: a withdrawn message as its event line. */
export function lastContentOf(
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

/**
 * The chat with oneself as a contact (wire-contract.md §5.2, id -1, kind 3): its name and
 * the line it shows before its first message in the reader's language; a folder for a
 * picture. `type` only once it has a message, as for any chat.
 */
export function selfContact(
  state: ConversationState | undefined,
  names: { self: string; selfEmpty: string },
  viewer: number,
  publicUrl: string,
): Contact {
  const contact: Contact = {
    id: SELF_CHAT_ID,
    displayName: names.self,
    avatar: `${publicUrl}${EXT_ICON_PREFIX}folder.png`,
    name_py: "",
    index: SYSTEM_ENTRY_INDEX,
    is_group: SELF_CHAT_KIND,
    lastContent: lastContentOf(state, viewer) || names.selfEmpty,
    lastSendTime: state?.last_send_time ?? 0,
    unread: 0,
    is_top: state?.is_top ?? 0,
    is_notice: state?.is_notice ?? 1,
    is_at: 0,
    is_online: 1,
    setting: [],
  };
  if (state?.last_type) contact.type = state.last_type;
  if (state?.last_type === "event" && state.last_extends)
    contact.lastEvent = parseJsonObject(state.last_extends);
  if (state?.draft) contact.draft = state.draft;
  return contact;
}
