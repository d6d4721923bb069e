import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * Complaints (SPEC §2 /manage/opinion, §7 manage/Complaint; issue 12): a user reports a
 * message, a user or a group with a reason; administrators see every report, look at what
 * was reported, and mark it handled or dismissed. The old server's user-side call is not
 * in the wire contract: this one is ours.
 */

/** What can be reported; a suggestion is about the product itself, with no target. */
export const COMPLAINT_TYPES = [
  "message",
  "user",
  "group",
  "suggestion",
] as const;
/** What a report is about. */
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/** Why, as the report dialog offers it. */
export const COMPLAINT_REASONS = [
  "spam",
  "abuse",
  "fraud",
  "illegal",
  "other",
] as const;
/** Why something was reported. */
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** The longest account of what happened. */
export const COMPLAINT_TEXT_MAX = 500;
/** The longest note an administrator keeps with a decision. */
export const COMPLAINT_REMARK_MAX = 200;
/** A report's state: 0 waiting, 1 handled (action taken), 2 dismissed. */
export const COMPLAINT_STATUSES = [0, 1, 2] as const;
/** A report's state. */
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

const reportDetails = {
  reason: z.pipe(
    formString(),
    z.enum(COMPLAINT_REASONS, { error: "complaint.reasonInvalid" }),
  ),
  content: optional(
    z.pipe(
      formString(),
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(COMPLAINT_TEXT_MAX, { error: "complaint.textTooLong" }),
        ),
    ),
  ),
};
const reportedId = positiveId("complaint.targetNotFound");
/** A group as `group-N` or N. */
const reportedGroup = z.pipe(
  z.transform((v) =>
    typeof v === "string" && v.startsWith("group-") ? v.slice(6) : v,
  ),
  reportedId,
);

/**
 * `enterprise/complaint/add`: reports a message (by `msg_id`) the reporter can see, a user,
 * or a group they are in (`group-N` or N). Reporting the same thing again while the first
 * report waits changes nothing. A suggestion (SPEC §2 "Complaints and suggestions") has
 * only its words, which it needs.
 */
export const reportAdd = defineCall({
  path: "/enterprise/complaint/add",
  auth: "session",
  request: z.discriminatedUnion(
    "type",
    [
      z.object({
        type: z.literal("message"),
        id: reportedId,
        ...reportDetails,
      }),
      z.object({ type: z.literal("user"), id: reportedId, ...reportDetails }),
      z.object({
        type: z.literal("group"),
        id: reportedGroup,
        ...reportDetails,
      }),
      z.object({
        type: z.literal("suggestion"),
        content: z.pipe(
          formString(),
          z.string().check(
            z.trim(),
            z.minLength(1, { error: "complaint.suggestionEmpty" }),
            z.maxLength(COMPLAINT_TEXT_MAX, {
              error: "complaint.textTooLong",
            }),
          ),
        ),
      }),
    ],
    { error: "complaint.typeInvalid" },
  ),
  response: z.literal(""),
});

/** What a report points at, as the console shows it. */
export const ComplaintTargetSchema = z.object({
  /** The user's or group's name, or the message's sender. */
  name: z.string(),
  /** The message's type ("text", "image"…); "" for a user or a group. */
  kind: z.string(),
  /** A text message's words; "" otherwise. */
  text: z.string(),
  /** For a message: the chat it is in, by name (the receiver of a one-to-one message). */
  chat: z.string(),
  /** For a message: whether that chat is a group. */
  group: z.boolean(),
  /** False once it is gone (deleted message, deleted account, disbanded group). */
  exists: z.boolean(),
});

/** A report as the console lists it. */
export const ComplaintSchema = z.object({
  id: z.int(),
  type: z.enum(COMPLAINT_TYPES),
  target_id: z.int(),
  target: ComplaintTargetSchema,
  reason: z.enum(COMPLAINT_REASONS),
  content: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  remark: z.string(),
  /** ms */
  created_at: z.number(),
  reporter: z.object({
    user_id: z.int(),
    realname: z.string(),
    account: z.string(),
    avatar: z.string(),
  }),
  /** Who decided, and when (ms); null while it waits. */
  handled_by: z.nullable(z.string()),
  handled_at: z.nullable(z.number()),
});
/** A report as the console lists it. */
export type Complaint = z.infer<typeof ComplaintSchema>;

const statusField = z.pipe(
  formInt(),
  z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: "request.invalidField",
  }),
);

/** `manage/Complaint/index`: the reports, newest first, filtered by state and type. */
export const complaintIndex = defineCall({
  path: "/manage/Complaint/index",
  auth: "admin",
  request: z.object({
    page: consolePage,
    limit: consoleLimit,
    status: optional(statusField),
    type: optional(
      z.pipe(
        formString(),
        z.enum(COMPLAINT_TYPES, { error: "request.invalidField" }),
      ),
    ),
  }),
  response: z.array(ComplaintSchema),
});

/** `manage/Complaint/setStatus`: marks a report handled (1) or dismissed (2), with a note. */
export const complaintSetStatus = defineCall({
  path: "/manage/Complaint/setStatus",
  auth: "admin",
  request: z.object({
    id: positiveId("complaint.notFound"),
    status: z.pipe(
      formInt(),
      z.union([z.literal(1), z.literal(2)], { error: "request.invalidField" }),
    ),
    remark: optional(
      z.pipe(
        formString(),
        z.string().check(
          z.trim(),
          z.maxLength(COMPLAINT_REMARK_MAX, {
            error: "request.invalidField",
          }),
        ),
      ),
    ),
  }),
  response: z.literal(""),
});
