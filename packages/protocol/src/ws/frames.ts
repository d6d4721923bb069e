import { z } from "zod/mini";
import { CallSignalSchema } from "../http/calls.js";
import { ContactSchema } from "../entities/contact.js";
import { GroupSettingSchema } from "../entities/group.js";
import {
  MessageSchema,
  ReactionSchema,
  SystemNoticeSchema,
} from "../entities/message.js";
import { GlobalConfigSchema } from "../entities/config.js";
import { formInt, formString } from "../common/form.js";
import { ContactIdSchema } from "../common/ids.js";

/** The largest frame either side may send: 64 KiB (reliability.md §7). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** The server pings every 30 s; clients ping at their own pace (decisions.md). */
export const HEARTBEAT_MS = 30_000;
/** An unbound socket is closed after 10 s (decisions.md). */
export const BIND_TIMEOUT_MS = 10_000;

/**
 * What one socket may send (issue 7): clients ping every 30 s and bind once, so a socket
 * sending more than this is abusing the server and is closed with `CloseCodes.tooManyFrames`.
 */
export const SocketLimits = {
  /** Frames per window. */
  frames: 20,
  /** Binds (each one looks a session up) per window. */
  binds: 5,
  /**
   * Typing frames per window that never count towards `frames`: one a second
   * (extensions.md §3). Those past it count as any frame.
   */
  typing: 10,
  windowSeconds: 10,
} as const;

/** Close codes the server uses. */
export const CloseCodes = {
  /** More frames or binds than SocketLimits allows. */
  tooManyFrames: 4429,
  /** The session ended: logout, eviction, expiry, a disabled account. */
  sessionEnded: 4401,
  /** No valid bindUid within 10 s. */
  unbound: 4408,
  /** A bad token or a malformed frame. */
  policy: 1008,
  /** A frame over 64 KiB. */
  tooBig: 1009,
} as const;

/**
 * `typing` (extensions.md §3): on a bound socket, the user is typing in a chat, named as
 * they file it (a user id or `group-N`); the chat's other side hears the `typing` event.
 */
export const TypingFrameSchema = z.object({
  type: z.literal("typing"),
  toContactId: ContactIdSchema,
  is_group: formInt(),
});
/** The user is typing in a chat. */
export type TypingFrame = z.infer<typeof TypingFrameSchema>;

/**
 * The client frames a feature of the server answers (the gateway hands each on by its
 * type). Such a frame that does not parse is dropped without closing the socket: they are
 * hints, and a client a version apart keeps its socket.
 */
export const ROUTED_FRAME_TYPES = [
  "typing",
] as const satisfies readonly RoutedFrame["type"][];
/** A client frame a feature answers. */
export type RoutedFrame = TypingFrame;

/** What a client sends over the socket (wire-contract.md §3.3; extensions.md §3). */
export const ClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("pong") }),
  z.object({
    type: z.literal("bindUid"),
    user_id: z.optional(z.union([formInt(), formString()])),
    token: z.string().check(z.maxLength(600)),
  }),
  TypingFrameSchema,
]);
/** A frame from a client. */
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** `init`: sent on connect, with the socket's client id at the top level. */
export const InitFrameSchema = z.object({
  type: z.literal("init"),
  client_id: z.string(),
});
/** `pong`: the answer to a ping or a bind, with `multiport` at the top level. */
export const PongFrameSchema = z.object({
  type: z.literal("pong"),
  multiport: z.boolean(),
});
/** The server's heartbeat. */
export const PingFrameSchema = z.object({ type: z.literal("ping") });

/** One message its receiver has read, as `isRead` carries it to the sender (wire-contract.md §3.6). */
export const ReadMarkSchema = z.object({
  /** The sender's client id of the message. */
  id: z.string(),
  msg_id: z.int(),
  is_read: z.int(),
  /** The reader: the chat the sender files the message under. */
  toContactId: z.int(),
});
/** One message its receiver has read. */
export type ReadMark = z.infer<typeof ReadMarkSchema>;

/** `atMsgList` carries at most this many mentions (its `count` tells how many there are). */
export const AT_MSG_LIST_MAX = 20;

/**
 * `atMsgList` (wire-contract.md §3.6): pushed to a member's own sockets when they load the
 * first page of a group's chat — the group messages mentioning them (or everyone) that they
 * had not read until then, newest first.
 */
export const AtMsgListSchema = z.object({
  /** The mentioning messages, newest first, at most `AT_MSG_LIST_MAX`. */
  list: z.array(MessageSchema).check(z.maxLength(AT_MSG_LIST_MAX)),
  /** How many unread mentions there were in all. */
  count: z.int().check(z.nonnegative()),
  /** The group's contact id, `group-N`. */
  toContactId: z.string(),
});
/** A member's unread mentions in one group. */
export type AtMsgList = z.infer<typeof AtMsgListSchema>;

/**
 * A withdrawn message's event line (wire-contract.md §3.6 `undoMessage`): `content` is the
 * line existing clients show; `extends` has `event: "undo"`, the sender's `user_id` and
 * `realname`, and `manager` when a group manager withdrew someone else's message.
 */
export const WithdrawnSchema = z.object({
  id: z.string(),
  msg_id: z.int(),
  from_user: z.int(),
  type: z.literal("event"),
  status: z.literal("succeed"),
  content: z.string(),
  sendTime: z.number(),
  /** Where the receiver files it: the other party's id, or `group-N`. */
  toContactId: z.union([z.int(), z.string()]),
  is_last: z.int(),
  isMobile: z.int(),
  extends: z.record(z.string(), z.unknown()),
});
/** A withdrawn message's event line. */
export type Withdrawn = z.infer<typeof WithdrawnSchema>;

/** A message gone from a chat (deleted, or hidden for me), by its ids and the chat it was in. */
export const MessageGoneSchema = z.object({
  id: z.string(),
  msg_id: z.int(),
  from_user: z.int(),
  toContactId: z.union([z.int(), z.string()]),
});
/** A message gone from a chat. */
export type MessageGone = z.infer<typeof MessageGoneSchema>;

/** A chat's own setting changed on one of my devices: which chat. */
const ChatFlagSchema = z.object({
  id: z.union([z.int(), z.string()]),
  is_group: z.int(),
});

const event = <T extends string, D extends z.ZodMiniType>(type: T, data: D) =>
  z.object({ type: z.literal(type), time: z.int(), data });

/** Every business event the server pushes: `{type, time (Unix s), data}` (wire-contract.md §3.4, §3.6). */
export const ServerEventSchema = z.discriminatedUnion("type", [
  event("simple", z.union([MessageSchema, SystemNoticeSchema])),
  event("isOnline", z.object({ id: z.int(), is_online: z.int() })),
  event(
    "offline",
    z.object({
      id: z.int(),
      client_id: z.string(),
      isMobile: z.boolean(),
    }),
  ),
  event("isRead", z.array(ReadMarkSchema)),
  event("readAll", z.object({ toContactId: z.int() })),
  // Groups (wire-contract.md §3.6): `group_id` and `id` are the group's contact id, `group-N`.
  event("group", MessageSchema),
  event("addGroup", ContactSchema),
  event(
    "editGroupName",
    z.object({
      id: z.string(),
      displayName: z.string(),
      editUserName: z.string(),
    }),
  ),
  event(
    "addGroupUser",
    z.object({
      group_id: z.string(),
      user_ids: z.array(z.int()),
      avatar: z.string(),
    }),
  ),
  event(
    "removeUser",
    z.object({
      group_id: z.string(),
      user_id: z.int(),
      avatar: z.string(),
    }),
  ),
  event(
    "setManager",
    z.object({
      group_id: z.string(),
      user_id: z.optional(z.int()),
      avatar: z.optional(z.string()),
    }),
  ),
  event("changeOwner", z.object({ group_id: z.string(), user_id: z.int() })),
  event("setNoSpeak", z.object({ group_id: z.string(), user_id: z.int() })),
  // `disbanded` 1 (issue 51, beyond the contract): the owner disbanded the group and its
  // history stays with its former members, so our client keeps the chat; existing clients
  // ignore it and remove the contact as before.
  event(
    "removeGroup",
    z.object({ group_id: z.string(), disbanded: z.optional(z.int()) }),
  ),
  event("setNotice", z.object({ group_id: z.string(), notice: z.string() })),
  event("clearMessage", z.object({ group_id: z.string() })),
  // A member read a group's messages with sequence numbers in (from_seq, to_seq]: their
  // senders' read counts grow by one (issue 8, beyond SPEC).
  event(
    "groupRead",
    z.object({
      group_id: z.string(),
      user_id: z.int(),
      from_seq: z.int(),
      to_seq: z.int(),
    }),
  ),
  event(
    "groupSetting",
    z.object({ group_id: z.string(), setting: GroupSettingSchema }),
  ),
  event("atMsgList", AtMsgListSchema),
  // Message actions (issue 11; wire-contract.md §3.6). A withdrawn message, as each side
  // files it: its event line replaces it by `id`; `extends` says who withdrew it.
  event("undoMessage", WithdrawnSchema),
  // Deleted for everyone: removed by `id` (the other party; my other devices).
  event("delMessage", MessageGoneSchema),
  // Hidden for me on another of my devices (beyond the wire contract).
  event("removeMessage", MessageGoneSchema),
  // A message's shown fields changed (an administrator masked it; its sender edited it,
  // with `editTime`, extensions.md §2; its link preview arrived, with `extends`, §5):
  // merged by `id`.
  event(
    "updateMessage",
    z.object({
      id: z.string(),
      type: z.string(),
      content: z.string(),
      editTime: z.optional(z.number()),
      extends: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
  // A message's reactions changed (extensions.md §1): all of them, to whoever sees it.
  event(
    "reaction",
    z.object({
      id: z.string(),
      toContactId: z.union([z.int(), z.string()]),
      is_group: z.int(),
      reactions: z.array(ReactionSchema),
    }),
  ),
  // A followed thread had a reply (extensions.md §6): to each follower, with their unread
  // replies in it; `id` is the root's, `toContactId` as the follower files the chat.
  event(
    "threadUpdate",
    z.object({
      id: z.string(),
      toContactId: z.union([z.int(), z.string()]),
      is_group: z.int(),
      count: z.int(),
      lastTime: z.number(),
      unread: z.int(),
    }),
  ),
  // Someone is typing in a chat (extensions.md §3): to its other party or the group's
  // other members, as each files it; never stored, at most one per typer per chat per 3 s.
  event(
    "typing",
    z.object({
      user_id: z.int(),
      realname: z.string(),
      toContactId: z.union([z.int(), z.string()]),
      is_group: z.int(),
    }),
  ),
  // A slash command's `ephemeral` answer (extensions.md §9): to the caller's sockets alone,
  // never stored; `toContactId` as the caller files the chat, `content` its text as HTML.
  event(
    "ephemeral",
    z.object({
      toContactId: z.union([z.int(), z.string()]),
      is_group: z.int(),
      content: z.string(),
    }),
  ),
  event("setChatTop", z.extend(ChatFlagSchema, { is_top: z.int() })),
  event("setIsNotice", z.extend(ChatFlagSchema, { is_notice: z.int() })),
  // I read a chat (opened it) on one of my devices: each clears its count and mention mark
  // (beyond the wire contract; readAll and isRead tell the other party).
  event("chatRead", z.object({ toContactId: z.union([z.int(), z.string()]) })),
  // What I left typed in a chat, from another of my devices (beyond the wire contract).
  event(
    "draft",
    z.object({
      toContactId: z.union([z.int(), z.string()]),
      draft: z.string(),
    }),
  ),
  // Friends (wire-contract.md §5.9): a new friend's contact, on both sides.
  event("appendContact", ContactSchema),
  // A call's step (wire-contract.md §3.6, §5.10): to the other party, and for calling,
  // acceptRtc and hangup an echo to the sender's own devices (`otherOpt`, with contactInfo).
  event("webrtc", CallSignalSchema),
  // Online users and bound sockets over every process, pushed to the console sockets that
  // joined `admin-manage` (manage/index/index with their client id) when sockets come and go.
  event(
    "statistics",
    z.object({
      onlineCount: z.int(),
      clientCount: z.int(),
    }),
  ),
  // The global config changed (an administrator saved it): every signed-in socket. The
  // language stays each reader's own.
  event("updateConfig", z.omit(GlobalConfigSchema, { lang: true })),
  // Someone changed their name or picture (beyond the wire contract, issue 51 item 14):
  // every signed-in socket; a client puts the fields given over what it shows of them.
  event(
    "updateUser",
    z.object({
      user_id: z.int(),
      realname: z.optional(z.string()),
      name_py: z.optional(z.string()),
      avatar: z.optional(z.string()),
    }),
  ),
]);
/** A business event pushed by the server. */
export type ServerEvent = z.infer<typeof ServerEventSchema>;
/** The name of a business event. */
export type ServerEventType = ServerEvent["type"];
/** The `data` of one business event. */
export type ServerEventData<T extends ServerEventType> = Extract<
  ServerEvent,
  { type: T }
>["data"];

/** Every business event's `data`, by event name. */
export type ServerEventMap = {
  [T in ServerEventType]: ServerEventData<T>;
};

/** Any frame the server sends. */
export const ServerFrameSchema = z.union([
  InitFrameSchema,
  PongFrameSchema,
  PingFrameSchema,
  ServerEventSchema,
]);
/** Any frame the server sends. */
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

/** The frames the server sends outside the `{type, time, data}` shape. */
export type InitFrame = z.infer<typeof InitFrameSchema>;
/** The answer to a ping or a bind. */
export type PongFrame = z.infer<typeof PongFrameSchema>;
