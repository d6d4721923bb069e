import { z } from "zod/mini";
import { formInt, formString } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";

/*
 * System notices (wire-contract.md §2.8 `manage/index/*`, §5.3; issue 12): a super
 * administrator publishes a notice to every user; it arrives live as a `simple` push filed
 * under the `admin_notice` contact (is_group 2), which every user's list carries, and its
 * history is read with getMessageList like any chat's.
 */

/** The longest notice title. */
export const NOTICE_TITLE_MAX = 100;
/** The longest notice text. */
export const NOTICE_TEXT_MAX = 5000;
/** How many notices the console lists per page (the old client's 10). */
export const NOTICE_PAGE_SIZE = 10;

/** A notice as the console lists it (the old client reads msg_id, title, create_time, extends). */
export const NoticeSchema = z.object({
  msg_id: z.int(),
  /** `notice-<msg_id>`: the id its message carries. */
  id: z.string(),
  title: z.string(),
  /** The text as written (plain text, line breaks kept). */
  notice: z.string(),
  /** The old server's HTML: `<h4>title</h4><br><p>text</p>`, both escaped. */
  content: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, UTC. */
  create_time: z.string(),
  /** ms */
  sendTime: z.number(),
  /** ms of the last edit; equals sendTime when never edited. */
  update_time: z.number(),
  from_user: z.int(),
  /** Who published it. */
  realname: z.string(),
  extends: z.object({ title: z.string(), notice: z.string() }),
});
/** A notice as the console lists it. */
export type Notice = z.infer<typeof NoticeSchema>;

/** `manage/index/noticeList`: the notices, newest first, by page; `count` is the total. */
export const noticeList = defineCall({
  path: "/manage/index/noticeList",
  auth: "admin",
  request: z.object({
    page: z._default(
      z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000))),
      1,
    ),
    limit: z._default(
      z.pipe(
        formInt(),
        z.int().check(z.gte(1), z.lte(100, { error: "request.invalidField" })),
      ),
      NOTICE_PAGE_SIZE,
    ),
  }),
  response: z.array(NoticeSchema),
});

/**
 * `manage/index/publishNotice`: `msgId` 0 publishes a new notice to everyone; another
 * changes that notice's title and text. Super administrators only.
 */
export const publishNotice = defineCall({
  path: "/manage/index/publishNotice",
  auth: "admin",
  request: z.object({
    msgId: z._default(
      z.pipe(
        formInt(),
        z
          .int()
          .check(
            z.gte(0, { error: "notice.notFound" }),
            z.lte(2 ** 31 - 1, { error: "notice.notFound" }),
          ),
      ),
      0,
    ),
    title: z.pipe(
      formString(),
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: "notice.titleInvalid" }),
          z.maxLength(NOTICE_TITLE_MAX, { error: "notice.titleInvalid" }),
        ),
    ),
    content: z.pipe(
      formString(),
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: "notice.textInvalid" }),
          z.maxLength(NOTICE_TEXT_MAX, { error: "notice.textInvalid" }),
        ),
    ),
  }),
  response: z.literal(""),
});

/** `manage/index/delNotice`: withdraws a notice from everyone. Super administrators only. */
export const delNotice = defineCall({
  path: "/manage/index/delNotice",
  auth: "admin",
  request: z.object({ id: positiveId("notice.notFound") }),
  response: z.literal(""),
});
