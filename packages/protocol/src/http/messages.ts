import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import {
  ContactIdSchema,
  NOTICE_CONTACT_ID,
  positiveId,
} from "../common/ids.js";
import {
  MessageEditSchema,
  MessageSchema,
  ReactionSchema,
} from "../entities/message.js";
import { FORWARD_MAX } from "../rules/files.js";
import { Limits, ReactionLimits } from "../rules/limits.js";
import { defineCall } from "./define.js";

/** A chat whose history can be read: a user, a group, or the system notices entry. */
const ReadableChatIdSchema = z.union([
  ContactIdSchema,
  z.pipe(formString(), z.literal(NOTICE_CONTACT_ID)),
]);

/**
 * Where a message may be sent: a user, `group-N`, or -1 (oneself); a system entry is taken
 * too, to be refused as existing clients expect ('目前禁止用户私聊！', wire-contract.md §5.3).
 */
const SendTargetSchema = z.union([
  ContactIdSchema,
  z.pipe(formString(), z.enum(["admin_notice", "system"])),
]);

/**
 * `enterprise/im/sendMessage`: acknowledged only after the commit; a repeat of the same
 * client `id` answers the stored message. A file already stored is sent again (forwarded,
 * SPEC §3 "Message to send when forwarding a file") by its `file_id`: the server checks the
 * sender may see it and takes its type, name and size from what it stored.
 */
export const sendMessage = defineCall({
  path: "/enterprise/im/sendMessage",
  auth: "session",
  request: z
    .object({
      id: z.pipe(formString(), z.uuid({ error: "request.invalidField" })),
      type: z._default(
        z.pipe(
          formString(),
          // emoji: a sticker, a stored picture sent by its file_id (wire-contract.md §2.4).
          z.enum(["text", "image", "video", "file", "emoji"], {
            error: "request.invalidField",
          }),
        ),
        "text",
      ),
      content: z.pipe(
        formString(),
        z
          .string()
          .check(
            z.maxLength(Limits.fieldMax * 4, { error: "message.tooLong" }),
          ),
      ),
      toContactId: SendTargetSchema,
      is_group: optional(formInt()),
      at: optional(z.array(formString()).check(z.maxLength(1000))),
      pid: optional(formInt()),
      /**
       * A reply in a thread (extensions.md §6): the root's `id`, a message of the same
       * chat that is not itself a reply nor withdrawn; "" or absent: no thread.
       */
      thread_id: optional(
        z.pipe(
          formString(),
          z.string().check(z.maxLength(64, { error: "thread.rootNotFound" })),
        ),
      ),
      /**
       * With `thread_id`: 1 also shows the reply in the chat ("also send to chat", Parley's
       * own beyond extensions.md §6, docs/EXTENSIONS.md).
       */
      thread_broadcast: optional(formInt()),
      // Clients send 0 with a text message: no file.
      file_id: optional(
        z.pipe(
          z.pipe(
            formInt(),
            z.int().check(z.gte(0, { error: "request.invalidField" })),
          ),
          z.transform((id) => (id === 0 ? undefined : id)),
        ),
      ),
    })
    .check(
      z.refine((body) => body.type === "text" || body.file_id !== undefined, {
        path: ["type"],
        error: "request.invalidField",
      }),
    ),
  response: MessageSchema,
});

/**
 * `enterprise/im/getMessageList`: with no `type`, the newest `limit` messages before
 * `last_id`, oldest first within the page (decisions.md).
 */
export const getMessageList = defineCall({
  path: "/enterprise/im/getMessageList",
  auth: "session",
  request: z.object({
    toContactId: ReadableChatIdSchema,
    is_group: optional(formInt()),
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100)))),
    last_id: optional(z.pipe(formInt(), z.int().check(z.gte(0)))),
    type: optional(
      z.pipe(formString(), z.enum(["all", "text", "image", "video", "file"])),
    ),
    keywords: optional(
      z.pipe(formString(), z.string().check(z.maxLength(255))),
    ),
    /** 1: the newest of a group's messages that mention me (wire-contract.md §5.4). */
    is_at: optional(formInt()),
    /**
     * 1 (extensions.md §6): replies in threads are left out and roots carry `thread`;
     * without it they are in the page like any message (existing clients).
     */
    threads: optional(formInt()),
  }),
  response: z.array(MessageSchema),
});

/** `enterprise/im/setMsgIsRead`: marks the conversation read and tells the other party. */
export const setMsgIsRead = defineCall({
  path: "/enterprise/im/setMsgIsRead",
  auth: "session",
  // The full message objects the client holds as unread: the server marks the whole chat.
  ignore: ["messages"],
  request: z.object({
    toContactId: ReadableChatIdSchema,
    is_group: optional(formInt()),
    fromUser: optional(formInt()),
    messages: optional(z.array(z.unknown()).check(z.maxLength(10_000))),
  }),
  response: z.literal(""),
});

/** A message as the actions name it: its client id (UUID), as existing clients send it. */
const messageClientId = z.pipe(
  formString(),
  z.string().check(
    z.minLength(1, { error: "message.notFound" }),
    z.maxLength(64, {
      error: "message.notFound",
    }),
  ),
);

/**
 * `enterprise/im/undoMessage`: the message becomes an event line for everyone ("… withdrew
 * a message"); its content, file and mentions are gone from every answer after it.
 */
export const undoMessage = defineCall({
  path: "/enterprise/im/undoMessage",
  auth: "session",
  request: z.object({ id: messageClientId }),
  response: z.literal(""),
});

/**
 * A reaction's emoji as sent: text, checked to be one emoji by the server (isReactionEmoji,
 * whose Unicode table the web client loads only with its emoji picker).
 */
const reactionEmoji = z.pipe(
  formString(),
  z.string().check(
    z.maxLength(ReactionLimits.emojiMaxBytes, {
      error: "reaction.invalidEmoji",
    }),
  ),
);

/**
 * `enterprise/im/react` (extensions.md §1): adds my reaction with one emoji to a message I
 * can see, in a chat I may send to; idempotent. Answers the message's reactions.
 */
export const react = defineCall({
  path: "/enterprise/im/react",
  auth: "session",
  request: z.object({ id: messageClientId, emoji: reactionEmoji }),
  response: z.array(ReactionSchema),
});

/** `enterprise/im/unreact`: takes my reaction with that emoji away; idempotent. */
export const unreact = defineCall({
  path: "/enterprise/im/unreact",
  auth: "session",
  request: z.object({ id: messageClientId, emoji: reactionEmoji }),
  response: z.array(ReactionSchema),
});

/**
 * `enterprise/im/editMessage` (extensions.md §2): the sender replaces a text message's
 * content, within `chatInfo.editTime`, where they may still send; `at` as a send's. Answers
 * the edited message; everyone who sees it hears `updateMessage`.
 */
export const editMessage = defineCall({
  path: "/enterprise/im/editMessage",
  auth: "session",
  request: z.object({
    id: messageClientId,
    content: z.pipe(
      formString(),
      z
        .string()
        .check(z.maxLength(Limits.fieldMax * 4, { error: "message.tooLong" })),
    ),
    at: optional(z.array(formString()).check(z.maxLength(1000))),
  }),
  response: MessageSchema,
});

/**
 * `enterprise/im/messageEdits`: a message's earlier versions, the original first; anyone
 * who can see the message may read them.
 */
export const messageEdits = defineCall({
  path: "/enterprise/im/messageEdits",
  auth: "session",
  request: z.object({ id: messageClientId }),
  response: z.array(MessageEditSchema),
});

/**
 * `enterprise/im/dismissLinkPreview` (Parley, beyond extensions.md §5, which leaves the
 * sender's dismissal to the client): the sender takes their message's link preview away;
 * everyone who sees it hears `updateMessage` without it. Idempotent.
 */
export const dismissLinkPreview = defineCall({
  path: "/enterprise/im/dismissLinkPreview",
  auth: "session",
  request: z.object({ id: messageClientId }),
  response: z.literal(""),
});

/** `enterprise/im/delMessage`: deletes one's own one-to-one message for everyone (`dbDelMsg`). */
export const delMessage = defineCall({
  path: "/enterprise/im/delMessage",
  auth: "session",
  request: z.object({ id: messageClientId }),
  response: z.literal(""),
});

/**
 * `enterprise/im/removeMessage`: hides a message for the caller only ("delete for me"), on
 * every device of theirs. A one-to-one message both sides removed is deleted.
 */
export const removeMessage = defineCall({
  path: "/enterprise/im/removeMessage",
  auth: "session",
  request: z.object({ id: messageClientId }),
  response: z.literal(""),
});

/**
 * `enterprise/im/forwardMessage`: copies a message the caller may see to at most
 * FORWARD_MAX chats (users or `group-N`) they may send to; a file goes without copying its
 * bytes. All targets are checked before anything is sent. The copies arrive as ordinary
 * `simple`/`group` pushes.
 */
export const forwardMessage = defineCall({
  path: "/enterprise/im/forwardMessage",
  auth: "session",
  request: z.object({
    // A system entry is taken, to be refused as sendMessage refuses it.
    user_ids: z
      .array(SendTargetSchema, { error: "message.forwardNoTarget" })
      .check(
        z.minLength(1, { error: "message.forwardNoTarget" }),
        z.maxLength(FORWARD_MAX, { error: "message.forwardLimit" }),
      ),
    msg_id: positiveId("message.notFound"),
  }),
  response: z.literal(""),
});

/** The contact id of a chat's own setting: a user, a group, or a system entry (refused). */
const ChatIdSchema = z.union([
  ContactIdSchema,
  z.pipe(formString(), z.enum(["system", "admin_notice", "-1"])),
]);

/** `enterprise/im/setChatTop`: pins (1) or unpins (0) a chat; pushes `setChatTop` to my sockets. */
export const setChatTop = defineCall({
  path: "/enterprise/im/setChatTop",
  auth: "session",
  request: z.object({
    id: ChatIdSchema,
    is_top: z.pipe(formInt(), z.union([z.literal(0), z.literal(1)])),
    is_group: optional(formInt()),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/im/isNotice`: do-not-disturb (0) or notify (1) for a chat; pushes
 * `setIsNotice` to my sockets, for users and groups alike.
 */
export const isNotice = defineCall({
  path: "/enterprise/im/isNotice",
  auth: "session",
  request: z.object({
    id: ChatIdSchema,
    is_notice: z.pipe(formInt(), z.union([z.literal(0), z.literal(1)])),
    is_group: optional(formInt()),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/im/setDraft` (beyond the wire contract): what I left typed in a chat, kept on
 * the server so my other devices show it; "" clears it. Pushes `draft` to my sockets.
 */
export const setDraft = defineCall({
  path: "/enterprise/im/setDraft",
  auth: "session",
  request: z.object({
    toContactId: ContactIdSchema,
    draft: z.pipe(
      formString(),
      z
        .string()
        .check(z.maxLength(Limits.fieldMax * 4, { error: "message.tooLong" })),
    ),
  }),
  response: z.literal(""),
});
