import { z } from "zod";
import { formInt, formString } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { FriendRequestSchema } from "../entities/person.js";
import { FRIEND_PAGE_SIZES } from "../rules/people.js";
import { defineCall } from "./define.js";

const userId = positiveId("contact.notFound");

const text = (max: number) =>
  formString().pipe(z.string().max(max, { error: "request.invalidField" }));

/**
 * `enterprise/friend/index`: the requests I received (`is_mine` 0) or sent (1), newest
 * first; `count` is the total.
 */
export const index = defineCall({
  path: "/enterprise/friend/index",
  auth: "session",
  request: z.object({
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    limit: formInt()
      .pipe(z.literal(FRIEND_PAGE_SIZES, { error: "request.invalidField" }))
      .default(20),
    is_mine: formInt()
      .pipe(z.literal([0, 1]))
      .default(0),
  }),
  response: z.array(FriendRequestSchema),
});

/** `enterprise/friend/add`: applies to be someone's friend, with a message (required). */
export const add = defineCall({
  path: "/enterprise/friend/add",
  auth: "session",
  request: z.object({
    user_id: userId,
    remark: text(1024).default(""),
  }),
  response: z.literal(""),
});

/** `enterprise/friend/update`: the addressee agrees (1) or refuses (0) a waiting request. */
export const update = defineCall({
  path: "/enterprise/friend/update",
  auth: "session",
  request: z.object({
    friend_id: positiveId("friend.requestNotFound"),
    status: formInt().pipe(
      z.literal([0, 1], { error: "request.invalidField" }),
    ),
  }),
  response: z.literal(""),
});

/** `enterprise/friend/del`: ends a friendship, both ways (run mode 2 only). */
export const del = defineCall({
  path: "/enterprise/friend/del",
  auth: "session",
  request: z.object({ id: userId }),
  response: z.literal(""),
});

/** `enterprise/friend/setNickname`: the remark I show instead of a friend's name. */
export const setNickname = defineCall({
  path: "/enterprise/friend/setNickname",
  auth: "session",
  request: z.object({
    friend_id: userId,
    nickname: text(255).default(""),
  }),
  response: z.literal(""),
});

/** `enterprise/friend/getApplyMsg`: how many requests wait for my answer. */
export const getApplyMsg = defineCall({
  path: "/enterprise/friend/getApplyMsg",
  auth: "session",
  request: z.object({}),
  response: z.number().int(),
});
