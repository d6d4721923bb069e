import { z } from "zod/mini";
import { formInt, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { MessageSchema } from "../entities/message.js";
import { defineCall } from "./define.js";

/*
 * Favourites, the user's side (issue 11, beyond the wire contract, which has only the
 * console's `manage/collect`): a user saves a message they can see, lists what they saved
 * and removes it. A favourite points at its message: a withdrawn or deleted message takes
 * its favourites with it, so withdrawn content never survives in one.
 */

/** The page sizes of the favourites list. */
export const FAVOURITE_PAGE_SIZE = 20;

/** One saved message: when it was saved, and the message as its chat shows it. */
export const FavouriteSchema = z.object({
  id: z.int(),
  /** ms */
  saved_at: z.number(),
  message: MessageSchema,
});
/** One saved message. */
export type Favourite = z.infer<typeof FavouriteSchema>;

/** `enterprise/collect/add`: saves a message (again: answers the same favourite). */
export const add = defineCall({
  path: "/enterprise/collect/add",
  auth: "session",
  request: z.object({ msg_id: positiveId("message.notFound") }),
  response: FavouriteSchema,
});

/** `enterprise/collect/index`: my favourites, newest first, by page, with the total. */
export const index = defineCall({
  path: "/enterprise/collect/index",
  auth: "session",
  request: z.object({
    page: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000)))),
    limit: optional(z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100)))),
  }),
  response: z.array(FavouriteSchema),
});

/** `enterprise/collect/del`: removes one of my favourites. */
export const del = defineCall({
  path: "/enterprise/collect/del",
  auth: "session",
  request: z.object({ id: positiveId("favourite.notFound") }),
  response: z.literal(""),
});
