import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { FollowedThreadSchema, MessageSchema } from "../entities/message.js";
import { defineCall } from "./define.js";

/*
 * Threads (extensions.md §6): a thread read, followed, listed and marked read. Replies are
 * sent by `messages.sendMessage` with `thread_id`. A namespace of its own, so a client's
 * chat screen, which reads no thread until one is opened, does not carry these schemas.
 */

/** A thread as its root names it (extensions.md §6): the root's client id. */
const threadRootId = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.minLength(1, { error: "thread.rootNotFound" }),
      z.maxLength(64, { error: "thread.rootNotFound" }),
    ),
);

/**
 * `enterprise/im/getThread` (extensions.md §6): a thread's root and its replies oldest
 * first, `limit` at a time after the reply `last_id` (0: from the start), with how many
 * replies it has in all. Reading it sets the reader's unread replies to 0.
 */
export const getThread = defineCall({
  path: "/enterprise/im/getThread",
  auth: "session",
  request: z.object({
    id: threadRootId,
    last_id: optional(z.pipe(formInt(), z.int().check(z.gte(0)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(50)))),
  }),
  response: z.object({
    root: MessageSchema,
    data: z.array(MessageSchema),
    count: z.int(),
    /** 1 when the reader follows the thread (Parley's own: docs/EXTENSIONS.md). */
    following: z._default(z.int(), 0),
  }),
});

/** `enterprise/im/followThread`: follows (1) or stops following (0) a thread I can see. */
export const followThread = defineCall({
  path: "/enterprise/im/followThread",
  auth: "session",
  request: z.object({
    id: threadRootId,
    follow: z.pipe(
      formInt(),
      z.int().check(z.gte(0), z.lte(1, { error: "request.invalidField" })),
    ),
  }),
  response: z.literal(""),
});

/**
 * `enterprise/im/getThreads`: the threads I follow, latest activity first, a page at a
 * time; the envelope's `count` says how many I follow.
 */
export const getThreads = defineCall({
  path: "/enterprise/im/getThreads",
  auth: "session",
  request: z.object({
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(50)))),
    /**
     * 1: only threads with unread replies, and `count` how many (Parley's own, for the
     * Threads view's "unread first" and its badge; docs/EXTENSIONS.md).
     */
    unread: optional(
      z.pipe(
        formInt(),
        z.int().check(z.gte(0), z.lte(1, { error: "request.invalidField" })),
      ),
    ),
  }),
  response: z.array(FollowedThreadSchema),
});

/** `enterprise/im/readThread`: sets my unread replies in a thread to 0. */
export const readThread = defineCall({
  path: "/enterprise/im/readThread",
  auth: "session",
  request: z.object({ id: threadRootId }),
  response: z.literal(""),
});
