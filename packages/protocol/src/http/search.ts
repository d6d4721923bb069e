import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { ContactIdSchema, positiveId } from "../common/ids.js";
import {
  SEARCH_TYPES,
  SearchLimits,
  SearchResultSchema,
} from "../entities/search.js";
import { defineCall } from "./define.js";

/*
 * The global search (issue 45, Parley's own: docs/EXTENSIONS.md "Search"): a namespace of
 * its own, so the chat screen does not carry its schemas until the search box opens.
 */

/** A time as milliseconds since 1970, as `sendTime` is. */
const time = z.pipe(
  formInt(),
  z
    .int()
    .check(
      z.gte(0, { error: "request.invalidField" }),
      z.lte(8_640_000_000_000_000, { error: "request.invalidField" }),
    ),
);

/**
 * `enterprise/im/search`: the messages I can see in every chat (newest first, a page at a
 * time), filtered by `from` (a sender), `in` (one chat, by contact id), `type`, and
 * `after`/`before` (sent at or after, before, in ms); with words, also the people and
 * groups whose names match. With no words a filter is needed: nothing is listed otherwise.
 */
export const search = defineCall({
  path: "/enterprise/im/search",
  auth: "session",
  request: z.object({
    keywords: optional(
      z.pipe(
        formString(),
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(SearchLimits.keywordsMax, { error: "search.tooLong" }),
          ),
      ),
    ),
    from: optional(positiveId("request.invalidField")),
    in: optional(ContactIdSchema),
    type: optional(z.pipe(formString(), z.enum(SEARCH_TYPES))),
    after: optional(time),
    before: optional(time),
    /** The `cursor` of the previous page's answer. */
    cursor: optional(
      z.pipe(
        formString(),
        z
          .string()
          .check(z.regex(/^\d{0,15}$/, { error: "request.invalidField" })),
      ),
    ),
    limit: optional(
      z.pipe(formInt(), z.int().check(z.gte(1), z.lte(SearchLimits.pageMax))),
    ),
  }),
  response: SearchResultSchema,
});
