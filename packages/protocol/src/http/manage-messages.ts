import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { ContactIdSchema, positiveId } from "../common/ids.js";
import { MessageSchema } from "../entities/message.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * The console's message centre (wire-contract.md §2.8 `manage/message/*`, issue 12): an
 * administrator reads any conversation — chosen by one of its parties and the other
 * (a user id or `group-N`) — searches it as the history panel does, and deletes or masks
 * an offending message for everyone, with the events the chats apply at once.
 */

const page = consolePage;
const limit = consoleLimit;
/** Words to look for (trimmed, at most 64 characters; "" for none). */
const keywords = z._default(
  z.pipe(
    formString(),
    z
      .string()
      .check(z.trim(), z.maxLength(64, { error: "request.invalidField" })),
  ),
  "",
);

/** The message types the centre filters by ("all": every type a person sends). */
export const CONSOLE_MESSAGE_TYPES = [
  "all",
  "text",
  "image",
  "voice",
  "video",
  "file",
  "emoji",
  "webrtc",
  "event",
] as const;

/** A message as the centre lists it: as its chat shows it, and who it went to. */
export const ConsoleMessageSchema = z.extend(MessageSchema, {
  /** The receiver's name: a user's realname or a group's name. */
  toName: z.string(),
  /** `Y-m-d H:i:s` */
  create_time: z.string(),
});
/** A message as the message centre lists it. */
export type ConsoleMessage = z.infer<typeof ConsoleMessageSchema>;

/**
 * `manage/message/index`: with `user_id` and `toContactId`, that conversation (newest
 * first), searched by `keywords` and `type` as the history panel searches; without them,
 * the newest messages of the whole system, by `is_group` (-1 all, 1 one-to-one, 2 group)
 * and `type`, paged by `last_id` (words are searched within a conversation).
 */
export const messageIndex = defineCall({
  path: "/manage/message/index",
  auth: "admin",
  request: z.object({
    user_id: optional(positiveId("console.userNotFound")),
    toContactId: optional(ContactIdSchema),
    is_group: z._default(
      z.pipe(
        formInt(),
        z.literal([-1, 1, 2], { error: "request.invalidField" }),
      ),
      -1,
    ),
    type: z._default(
      z.pipe(
        formString(),
        z.enum(CONSOLE_MESSAGE_TYPES, { error: "request.invalidField" }),
      ),
      "all",
    ),
    keywords,
    page,
    limit,
    last_id: optional(z.pipe(formInt(), z.int().check(z.gte(0)))),
  }),
  response: z.array(ConsoleMessageSchema),
});

/** A party of a conversation: a user, or (among a user's chats) a group. */
export const ChatPartySchema = z.object({
  /** A user id, or `group-N`. */
  id: z.union([z.int(), z.string()]),
  user_id: z.int(),
  is_group: z.int(),
  realname: z.string(),
  displayName: z.string(),
  account: z.string(),
  avatar: z.string(),
  name_py: z.string(),
  email: z.string(),
  last_login_ip: z.string(),
  /** ms of the chat's last message; 0 in the user list. */
  lastSendTime: z.number(),
});
/** A party of a conversation in the message centre. */
export type ChatParty = z.infer<typeof ChatPartySchema>;

/**
 * `manage/message/getContacts`: without `user_id`, users by name, account or pinyin (the
 * first party to pick); with it, that user's chats — people and groups — newest first.
 */
export const messageContacts = defineCall({
  path: "/manage/message/getContacts",
  auth: "admin",
  request: z.object({
    user_id: optional(positiveId("console.userNotFound")),
    keywords,
    hasConvo: optional(formInt()),
    page,
    limit,
  }),
  response: z.array(ChatPartySchema),
});

/** What an administrator does with an offending message. */
export const DEAL_TYPES = { delete: 1, mask: 2 } as const;

/** The text a masked message shows instead of its content. */
export const MASKED_CONTENT = "[该消息涉嫌违规，已被屏蔽]";

/**
 * `manage/message/dealMsg`: deletes (`dealType` 1) or masks (any other) a message for
 * everyone. `id` is its client id; `msg_id` (beyond the wire) names it exactly.
 */
export const dealMsg = defineCall({
  path: "/manage/message/dealMsg",
  auth: "admin",
  request: z.object({
    id: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.minLength(1, { error: "message.notFound" }),
        z.maxLength(64, {
          error: "message.notFound",
        }),
      ),
    ),
    msg_id: optional(positiveId("message.notFound")),
    dealType: z._default(formInt(), 2),
  }),
  response: z.literal(""),
});

/** A favourite as the console lists it: who saved which message, and when. */
export const ConsoleFavouriteSchema = z.object({
  id: z.int(),
  /** ms */
  saved_at: z.number(),
  user: z.object({
    user_id: z.int(),
    realname: z.string(),
    account: z.string(),
    avatar: z.string(),
  }),
  message: ConsoleMessageSchema,
});
/** A favourite as the console lists it. */
export type ConsoleFavourite = z.infer<typeof ConsoleFavouriteSchema>;

/** `manage/collect/index`: every user's favourites (or one user's), newest first, by page. */
export const collectIndex = defineCall({
  path: "/manage/collect/index",
  auth: "admin",
  request: z.object({
    user_id: optional(positiveId("console.userNotFound")),
    page,
    limit,
  }),
  response: z.array(ConsoleFavouriteSchema),
});

/** `manage/collect/delCollect`: removes a favourite (its message stays). */
export const collectDel = defineCall({
  path: "/manage/collect/delCollect",
  auth: "admin",
  request: z.object({ id: positiveId("favourite.notFound") }),
  response: z.literal(""),
});
