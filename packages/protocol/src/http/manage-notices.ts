import { z } from "zod";
import { formInt, formString } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";

/*
 * System notices (wire-contract.md §2.8 `manage/index/*`, §5.3; issue 12): a super
 * administrator publishes a notice to every user; it arrives live as a `simple` push filed
 * under the `admin_notice` contact (is_group 2), which every user's list carries, and its
 * history is read with getMessageList like any chat's.
 */

/** The contact id of the notices entry. */
export const NOTICE_CONTACT_ID = "admin_notice";
/** The longest notice title. */
export const NOTICE_TITLE_MAX = 100;
/** The longest notice text. */
export const NOTICE_TEXT_MAX = 5000;
/** How many notices the console lists per page (the old client's 10). */
export const NOTICE_PAGE_SIZE = 10;

/** A notice as the console lists it (the old client reads msg_id, title, create_time, extends). */
export const NoticeSchema = z.object({
  msg_id: z.number().int(),
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
  from_user: z.number().int(),
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
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    limit: formInt()
      .pipe(z.number().int().min(1).max(100, { error: "request.invalidField" }))
      .default(NOTICE_PAGE_SIZE),
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
    msgId: formInt()
      .pipe(
        z
          .number()
          .int()
          .min(0, { error: "notice.notFound" })
          .max(2 ** 31 - 1, { error: "notice.notFound" }),
      )
      .default(0),
    title: formString().pipe(
      z
        .string()
        .trim()
        .min(1, { error: "notice.titleInvalid" })
        .max(NOTICE_TITLE_MAX, { error: "notice.titleInvalid" }),
    ),
    content: formString().pipe(
      z
        .string()
        .trim()
        .min(1, { error: "notice.textInvalid" })
        .max(NOTICE_TEXT_MAX, { error: "notice.textInvalid" }),
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
