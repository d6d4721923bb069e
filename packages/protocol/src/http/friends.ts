import { z } from "zod/mini";
import { formInt, formString } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { FriendRequestSchema } from "../entities/person.js";
import { FRIEND_PAGE_SIZES } from "../rules/people.js";
import { defineCall } from "./define.js";

const userId = positiveId("contact.notFound");

const text = (max: number) =>
  z.pipe(
    formString(),
    z.string().check(z.maxLength(max, { error: "request.invalidField" })),
  );

/**
 * `enterprise/friend/index`: the requests I received (`is_mine` 0) or sent (1), newest
 * first; `count` is the total.
 */
export const index = defineCall({
  path: "/enterprise/friend/index",
  auth: "session",
  request: z.object({
    page: z._default(
      z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000))),
      1,
    ),
    limit: z._default(
      z.pipe(
        formInt(),
        z.literal(FRIEND_PAGE_SIZES, { error: "request.invalidField" }),
      ),
      20,
    ),
    is_mine: z._default(z.pipe(formInt(), z.literal([0, 1])), 0),
  }),
  response: z.array(FriendRequestSchema),
});

/** `enterprise/friend/add`: applies to be someone's friend, with a message (required). */
export const add = defineCall({
  path: "/enterprise/friend/add",
  auth: "session",
  request: z.object({
    user_id: userId,
    remark: z._default(text(1024), ""),
  }),
  response: z.literal(""),
});

/** `enterprise/friend/update`: the addressee agrees (1) or refuses (0) a waiting request. */
export const update = defineCall({
  path: "/enterprise/friend/update",
  auth: "session",
  request: z.object({
    friend_id: positiveId("friend.requestNotFound"),
    status: z.pipe(
      formInt(),
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
    nickname: z._default(text(255), ""),
  }),
  response: z.literal(""),
});

/** `enterprise/friend/getApplyMsg`: how many requests wait for my answer. */
export const getApplyMsg = defineCall({
  path: "/enterprise/friend/getApplyMsg",
  auth: "session",
  request: z.object({}),
  response: z.int(),
});
