import {
  type Complaint,
  type ComplaintReason,
  type ComplaintType,
} from "@parley/protocol";
import type { Policy } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import { oneLineText } from "../../lib/message-html.js";
import type { Limiter } from "../../lib/rate-limits.js";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import type {
  ComplaintFilter,
  ComplaintRow,
  ComplaintsRepository,
} from "./complaints.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import type { GroupMembership } from "../groups/groups.ports.js";
import type { MessageVisibility } from "../messages/messages.ports.js";
import { auditActorOf, mayWriteConsole } from "../accounts/admin-acts.js";

export interface ComplaintsDeps {
  repo: ComplaintsRepository;
  clock: Clock;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** Chat histories (a port: app.ts wires it). */
  messages: MessageVisibility;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupMembership;
  /** Reports per user per hour: one user cannot bury the administrators. */
  reportsPerUser: Limiter;
}

/** What this service asks of other features (app.ts wires each one). */
export type ComplaintsPorts = Pick<
  ComplaintsDeps,
  "accounts" | "audit" | "messages" | "groups"
>;

/** The administrator deciding, and from where (for the audit log). */
export interface Handler {
  userId: number;
  role: number;
  ip: string;
  publicUrl: string;
}

/** What a user reports: something they can see, or a suggestion about the product. */
export type Report =
  | {
      type: Exclude<ComplaintType, "suggestion">;
      id: number;
      reason: ComplaintReason;
      content?: string | undefined;
    }
  | { type: "suggestion"; content: string };

type Target = Complaint["target"];
const GONE: Target = {
  name: "",
  kind: "",
  text: "",
  chat: "",
  group: false,
  exists: false,
};

/** A suggestion points at nothing, and nothing of it can go. */
const SUGGESTION: Target = { ...GONE, exists: true };

/**
 * Complaints (issue 12): a user reports what they can see (a message of their chats, a
 * user, a group they are in); a foreign or missing target answers alike. Administrators
 * list the reports with what they point at and decide each, audited.
 */
export class ComplaintsService {
  constructor(private readonly deps: ComplaintsDeps) {}

  /**
   * `enterprise/complaint/add`. A repeat while the first report of the same target waits
   * adds nothing; suggestions (no target) each count.
   */
  async report(reporterId: number, report: Report): Promise<void> {
    if (report.type === "suggestion") {
      const waitMs = await this.deps.reportsPerUser.take(String(reporterId));
      if (waitMs > 0) throw rateLimited(waitMs);
      await this.deps.repo.insertComplaint({
        reporter_id: reporterId,
        target_type: "suggestion",
        target_id: 0,
        reason: "other",
        content: report.content,
        created_at: this.deps.clock.now(),
      });
      return;
    }
    await this.mayReport(reporterId, report);
    const waitMs = await this.deps.reportsPerUser.take(String(reporterId));
    if (waitMs > 0) throw rateLimited(waitMs);
    if (await this.deps.repo.hasWaiting(reporterId, report.type, report.id))
      return;
    await this.deps.repo.insertComplaint({
      reporter_id: reporterId,
      target_type: report.type,
      target_id: report.id,
      reason: report.reason,
      content: report.content ?? "",
      created_at: this.deps.clock.now(),
    });
  }

  /** `manage/Complaint/index`: newest first, with what each points at. */
  async page(
    filter: ComplaintFilter,
    page: number,
    limit: number,
    publicUrl: string,
  ): Promise<{ complaints: Complaint[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.deps.repo.pageComplaints(filter, {
        offset: (page - 1) * limit,
        limit,
      }),
      this.deps.repo.countComplaints(filter),
    ]);
    const targets = await this.targets(rows);
    return {
      complaints: rows.map((row) => ({
        id: row.complaint_id,
        type: row.target_type as ComplaintType,
        target_id: row.target_id,
        target:
          row.target_type === "suggestion"
            ? SUGGESTION
            : (targets.get(`${row.target_type}:${row.target_id}`) ?? GONE),
        reason: row.reason as ComplaintReason,
        content: row.content,
        status: statusOf(row.status),
        remark: row.remark,
        created_at: row.created_at,
        reporter: {
          user_id: row.reporter_id,
          realname: row.reporter_name,
          account: row.reporter_account,
          avatar: avatarUrl(row.reporter_avatar, publicUrl),
        },
        handled_by: row.handler_name,
        handled_at: row.handled_at,
      })),
      count,
    };
  }

  /** `manage/Complaint/setStatus`: handled (1) or dismissed (2), with a note; audited. */
  async decide(
    by: Handler,
    complaintId: number,
    status: 1 | 2,
    remark: string,
  ): Promise<void> {
    mayWriteConsole(this.deps.policy, by);
    const was = await this.deps.repo.findComplaint(complaintId);
    if (!was) throw refuse("complaint.notFound");
    await this.deps.repo.decide(complaintId, {
      status,
      remark,
      by: by.userId,
      at: this.deps.clock.now(),
    });
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, by),
      "complaint.status",
      { type: "complaint", id: complaintId },
      { status: was.status, remark: was.remark },
      { status, remark },
    );
  }

  /** Refuses a target the reporter cannot see, exactly as a missing one. */
  private async mayReport(
    reporterId: number,
    report: Exclude<Report, { type: "suggestion" }>,
  ): Promise<void> {
    const { messages, accounts, groups } = this.deps;
    if (report.type === "message") {
      if (!(await messages.visibleMessage(reporterId, report.id)))
        throw refuse("complaint.targetNotFound");
      return;
    }
    if (report.type === "user") {
      if (report.id === reporterId) throw refuse("complaint.ownAccount");
      if (!(await accounts.activeUser(report.id)))
        throw refuse("complaint.targetNotFound");
      return;
    }
    if (!(await groups.chatStanding(report.id, reporterId)))
      throw refuse("complaint.targetNotFound");
  }

  /** What a page's reports point at: one lookup per kind of target. */
  private async targets(
    rows: readonly ComplaintRow[],
  ): Promise<Map<string, Target>> {
    const ids = (type: string) => [
      ...new Set(
        rows.filter((r) => r.target_type === type).map((r) => r.target_id),
      ),
    ];
    const [users, groups, messages] = await Promise.all([
      this.deps.repo.usersAmong(ids("user")),
      this.deps.repo.groupsAmong(ids("group")),
      this.deps.repo.messagesAmong(ids("message")),
    ]);
    const found = new Map<string, Target>();
    for (const user of users)
      found.set(`user:${String(user.user_id)}`, {
        name: user.realname,
        kind: "",
        text: "",
        chat: "",
        group: false,
        exists: user.deleted_at === null,
      });
    for (const group of groups)
      found.set(`group:${String(group.group_id)}`, {
        name: group.name,
        kind: "",
        text: "",
        chat: "",
        group: false,
        exists: group.deleted_at === null,
      });
    for (const message of messages)
      found.set(`message:${String(message.msg_id)}`, {
        name: message.sender ?? "",
        kind: message.type,
        text:
          message.type === "text" && message.is_undo !== 1
            ? oneLineText(message.content)
            : "",
        chat:
          (message.is_group === 1 ? message.group_name : message.receiver) ??
          "",
        group: message.is_group === 1,
        exists: message.is_undo !== 1,
      });
    return found;
  }
}

function statusOf(value: number): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}
