import { z } from "zod/mini";
import { formString, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * Bot accounts (extensions.md §9, issue 48): made, listed, given a new token and deleted
 * by administrators. A bot signs every call with `Authorization: Bearer <token>`; the token
 * is answered once (when made, and when revoked for a new one) and kept only hashed.
 */

/** The longest bot description (a user's motto). */
export const BOT_DESCRIPTION_MAX = 200;

const botId = positiveId("bot.notFound");
const text = (max: number) =>
  z.pipe(
    formString(),
    z
      .string()
      .check(z.trim(), z.maxLength(max, { error: "request.invalidField" })),
  );

/** A bot as the console lists it (never its token). */
export const ConsoleBotSchema = z.object({
  user_id: z.int(),
  account: z.string(),
  name: z.string(),
  avatar: z.string(),
  description: z.string(),
  /** The administrator who made it, or null once that account is gone. */
  owner_id: z.nullable(z.int()),
  owner_name: z.string(),
  /** 1 may make calls, 0 disabled. */
  status: z.int(),
  /** ms. */
  created_at: z.number(),
  /** When its token was last used (ms), or null if never. */
  last_used_at: z.nullable(z.number()),
});
/** A bot as the console lists it. */
export type ConsoleBot = z.infer<typeof ConsoleBotSchema>;

/** `manage/Bot/add`: a new bot and its token (answered this once). */
export const botAdd = defineCall({
  path: "/manage/Bot/add",
  auth: "admin",
  request: z.object({
    name: z._default(text(64), ""),
    avatar: optional(text(255)),
    description: optional(text(BOT_DESCRIPTION_MAX)),
  }),
  response: z.object({ user_id: z.int(), token: z.string() }),
});

/** `manage/Bot/index`: the bots, newest first, by page; `count` is the total. */
export const botIndex = defineCall({
  path: "/manage/Bot/index",
  auth: "admin",
  request: z.object({ page: consolePage, limit: consoleLimit }),
  response: z.array(ConsoleBotSchema),
});

/** `manage/Bot/revoke`: a new token for the bot; the old one stops at once. */
export const botRevoke = defineCall({
  path: "/manage/Bot/revoke",
  auth: "admin",
  request: z.object({ user_id: botId }),
  response: z.object({ token: z.string() }),
});

/** `manage/Bot/del`: deletes a bot; its token stops, its memberships go. */
export const botDel = defineCall({
  path: "/manage/Bot/del",
  auth: "admin",
  request: z.object({ user_id: botId }),
  response: z.literal(""),
});

/**
 * `manage/Bot/avatar` (Parley's own): a bot's picture (multipart `file`, a JPEG, PNG or GIF
 * by its bytes, at most 5 MB, drawn as 240×240, as a person's avatar); answers its URL.
 */
export const botAvatar = defineCall({
  path: "/manage/Bot/avatar",
  auth: "admin",
  upload: { field: "file" },
  request: z.object({ user_id: botId }),
  response: z.string(),
});
