import { z } from "zod/mini";
import { ContactSchema } from "./contact.js";

/** Message types of SPEC §3 and the wire contract. */
export const MESSAGE_TYPES = [
  "text",
  "image",
  "voice",
  "video",
  "file",
  "emoji",
  "event",
  "webrtc",
] as const;
/** One message type. */
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The sender as a message carries it. */
export const MessageSenderSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  realname: z.string(),
  displayName: z.string(),
  account: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  /** 1 for a bot account (extensions.md §9, issue 48); absent for people and from older servers. */
  is_bot: z.optional(z.literal(1)),
});
/** The sender as a message carries it. */
export type MessageSender = z.infer<typeof MessageSenderSchema>;

/**
 * One emoji's reactions on a message (extensions.md §1): how many reacted with it, and who,
 * oldest first (at most 100 listed; `count` is exact).
 */
export const ReactionSchema = z.object({
  emoji: z.string(),
  count: z.int(),
  user_ids: z.array(z.int()),
});
/** One emoji's reactions on a message. */
export type Reaction = z.infer<typeof ReactionSchema>;

/**
 * What a text message's first link shows (extensions.md §5), in its `extends.linkPreview`:
 * words as text, never markup; `image` a Parley file address or "".
 */
export const LinkPreviewSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  siteName: z.string(),
  image: z.string(),
});
/** A text message's link preview. */
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;

/** One earlier version of an edited message (extensions.md §2). */
export const MessageEditSchema = z.object({
  content: z.string(),
  /** When this version was written, ms: the send time for the original. */
  editTime: z.number(),
  user_id: z.int(),
});
/** One earlier version of an edited message. */
export type MessageEdit = z.infer<typeof MessageEditSchema>;

/**
 * A root message's thread (extensions.md §6): how many replies, when the last came (ms),
 * and the first ten who replied.
 */
export const ThreadSummarySchema = z.object({
  count: z.int(),
  lastTime: z.number(),
  user_ids: z.array(z.int()),
});
/** A root message's thread. */
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

/** A stored message (wire-contract.md §2.9 Message and Sent message). */
export const MessageSchema = z.object({
  /** Database key, used as `last_id`. */
  msg_id: z.int(),
  /** The sender's client id (UUID); unique per sender. */
  id: z.string(),
  /** Position in its conversation, strictly increasing. */
  seq: z.int(),
  status: z.literal("succeed"),
  type: z.string(),
  content: z.string(),
  /** ms */
  sendTime: z.number(),
  is_read: z.int(),
  is_group: z.int(),
  /**
   * Who it mentions: ids as strings in a history page (the stored list; "0", everyone,
   * also names the reader), as numbers in a sent message, as posted (wire-contract.md §2.9).
   */
  at: z.array(z.union([z.string(), z.int()])),
  /** Where the receiver files it: the other party's id in a 1:1 push, `group-N` for groups. */
  toContactId: z.union([z.int(), z.string()]),
  /** The conversation as the sender addressed it. */
  toUser: z.union([z.int(), z.string()]),
  from_user: z.int(),
  fromUser: MessageSenderSchema,
  file_id: z.int(),
  /** The file's category (0 none, 1 document, 2 image, 3 audio, 4 video, 5 other). */
  file_cate: z.int(),
  fileName: z.string(),
  /** Bytes; a sent message with no file says "" (wire-contract.md §2.9). */
  fileSize: z.union([z.number(), z.literal("")]),
  preview: z.string(),
  download: z.string(),
  /** A file's icon: a picture itself, else `/static/img/ext/<ext>.png`; "" for no file. */
  extUrl: z.string(),
  /** The sender's role in the group (1 owner, 2 admin, 3 member); 3 outside groups. */
  role: z.int(),
  pid: z.int(),
  extends: z.record(z.string(), z.unknown()),
  /**
   * Its reactions, in the order each emoji was first used (extensions.md §1): every message
   * carries them, `[]` when none; a message from a server without them reads as none.
   */
  reactions: z._default(z.array(ReactionSchema), []),
  /**
   * When it was last edited, ms (extensions.md §2); 0 if never. A message from a server
   * without editing reads as never edited.
   */
  editTime: z._default(z.number(), 0),
  /**
   * The root's `id` when it is a reply in a thread, "" when not (extensions.md §6). A
   * message from a server without threads reads as no reply.
   */
  thread_id: z._default(z.string(), ""),
  /**
   * 1: a reply in a thread also shown in the chat ("also send to chat", docs/EXTENSIONS.md);
   * 0 otherwise, and from a server without it.
   */
  thread_broadcast: z._default(z.int(), 0),
  /** A root with replies: its thread (extensions.md §6); absent on other messages. */
  thread: z.optional(ThreadSummarySchema),
  /**
   * Group messages the reader may see receipts of (issue 8, beyond SPEC): how many members
   * have read it, of how many who had it to read.
   */
  readCount: z.optional(z.int()),
  readTotal: z.optional(z.int()),
  /** A sent message (its answer and push) only: the sender, as `fromUser.id`. */
  user_id: z.optional(z.int()),
  /** A sent file message only: its size and name again, as the old upload answer had them. */
  file_size: z.optional(z.number()),
  file_name: z.optional(z.string()),
  /** A sent message only: the receiving user's id, or the group's number. */
  to_user: z.optional(z.int()),
  /**
   * A sent message only: the chat as its receiver lists it, so a client without it can
   * open it (wire-contract.md §2.9): the sender for a one-to-one message, the group else.
   */
  contactInfo: z.optional(ContactSchema),
});
/** A stored message. */
export type Message = z.infer<typeof MessageSchema>;

/**
 * A line from the system entry (wire-contract.md §5.9): the `simple` push telling someone a
 * person wants to be their friend, filed under the `system` contact (is_group 2).
 */
export const SystemNoticeSchema = z.object({
  id: z.string(),
  type: z.literal("event"),
  status: z.literal("succeed"),
  content: z.string(),
  sendTime: z.number(),
  toContactId: z.literal("system"),
  is_group: z.literal(2),
  fromUser: z.object({
    id: z.literal("system"),
    displayName: z.string(),
    avatar: z.string(),
  }),
  fileSize: z.literal(0),
  fileName: z.literal(""),
  /** What it is about: the machine key of its text, and who applied. */
  extends: z.object({
    key: z.string(),
    user_id: z.int(),
    realname: z.string(),
  }),
});
/** A line from the system entry. */
export type SystemNotice = z.infer<typeof SystemNoticeSchema>;

/** Whether a `simple` push is a line from the system entry rather than a chat message. */
export function isSystemNotice(
  value: Message | SystemNotice,
): value is SystemNotice {
  return value.toContactId === "system" && value.is_group === 2;
}

/** One followed thread in `getThreads` (extensions.md §6). */
export const FollowedThreadSchema = z.object({
  root: MessageSchema,
  count: z.int(),
  lastTime: z.number(),
  unread: z.int(),
});
/** One followed thread. */
export type FollowedThread = z.infer<typeof FollowedThreadSchema>;
