import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { defineCall } from "./define.js";
import { consoleLimit, consolePage } from "./manage-users.js";

/*
 * The audit log (issue 12, beyond SPEC): every change an administrator makes through the
 * console, append-only — who, what, the record before and after, when and from which
 * address. Nothing in the product edits or deletes an entry.
 */

/** Every kind of entry, as the log names it. */
export const AUDIT_ACTIONS = [
  "config.set",
  "config.inviteLink",
  "config.testEmail",
  "config.testSms",
  "user.add",
  "user.edit",
  "user.delete",
  "user.password",
  "user.status",
  "user.role",
  "bot.add",
  "bot.revoke",
  "command.add",
  "command.delete",
  "group.addMembers",
  "group.removeMember",
  "group.changeOwner",
  "group.setManager",
  "group.delete",
  "message.delete",
  "message.mask",
  "favourite.delete",
  "notice.publish",
  "notice.edit",
  "notice.delete",
  "complaint.status",
  "article.add",
  "article.edit",
  "article.status",
  "article.delete",
  "file.delete",
  "task.start",
  "task.stop",
  "task.run",
  "task.clearLog",
] as const;
/** A kind of entry of the audit log. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.int(),
  actor_id: z.int(),
  actor_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to: "user", "config", "group", "message"… */
  target_type: z.string(),
  /** The record's key ("" for none). */
  target_id: z.string(),
  /** The changed fields before and after (secrets left out); null when there was none. */
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.string(),
  /** ms */
  created_at: z.number(),
});
/** One entry of the audit log. */
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const filters = {
  action: optional(
    z.pipe(
      formString(),
      z.enum(AUDIT_ACTIONS, { error: "request.invalidField" }),
    ),
  ),
  actor_id: optional(
    z.pipe(formInt(), z.int().check(z.gte(1), z.lte(2 ** 31 - 1))),
  ),
  /** A target's key, exactly. */
  target_id: optional(
    z.pipe(formString(), z.string().check(z.trim(), z.maxLength(64))),
  ),
  /** ms, inclusive. */
  from: optional(z.pipe(formInt(), z.int().check(z.gte(0)))),
  /** ms, exclusive. */
  to: optional(z.pipe(formInt(), z.int().check(z.gte(0)))),
};

/** `manage/audit/index`: the log, newest first, filtered, by page; `count` is the total. */
export const auditIndex = defineCall({
  path: "/manage/audit/index",
  auth: "admin",
  request: z.object({
    page: consolePage,
    limit: consoleLimit,
    ...filters,
  }),
  response: z.array(AuditEntrySchema),
});

/** The most entries one export carries (the newest of the filter). */
export const AUDIT_EXPORT_MAX = 50_000;

/** `manage/audit/export`: the filtered log as CSV (UTF-8 with a BOM, for spreadsheets). */
export const auditExport = defineCall({
  path: "/manage/audit/export",
  auth: "admin",
  request: z.object(filters),
  response: z.object({ filename: z.string(), csv: z.string() }),
});
