import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  type AuditAction,
  type AuditEntry,
} from "@parley/protocol";
import type { Clock } from "../../lib/clock.js";
import { formatDateTime } from "../../lib/clock.js";
import type {
  AuditFilter,
  AuditRepository,
  AuditRow,
} from "./audit.repository.js";

export type { AuditFilter } from "./audit.repository.js";

/** The administrator making a change, and from where. */
export interface AuditActor {
  userId: number;
  realname: string;
  ip: string;
}

/** What a change was made to. */
export interface AuditTarget {
  type:
    | "user"
    | "config"
    | "group"
    | "message"
    | "notice"
    | "complaint"
    | "article"
    | "file";
  id: string | number;
}

/** The most entries a count looks at: past it the console shows "10,000+". */
const COUNT_CAP = 10_000;

const KNOWN_ACTIONS = new Set<string>(AUDIT_ACTIONS);

function isAction(value: string): value is AuditAction {
  return KNOWN_ACTIONS.has(value);
}

function parsed(raw: string | null): Record<string, unknown> | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.audit_id,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    // The column holds only what record() wrote, and record() takes only known actions.
    action: isAction(row.action) ? row.action : "config.set",
    target_type: row.target_type,
    target_id: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
    created_at: row.created_at,
  };
}

/**
 * A spreadsheet cell: quoted, and a leading = + - @ (or a tab or carriage return)
 * neutralised so an opened export never runs a formula an attacker typed into a name.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The audit log (issue 12, beyond SPEC): every console change, appended after it commits —
 * who, what, the changed fields before and after (never a secret: callers leave passwords
 * and keys out), when and from which address.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(
    actor: AuditActor,
    action: AuditAction,
    target: AuditTarget,
    before: Record<string, unknown> | null = null,
    after: Record<string, unknown> | null = null,
  ): Promise<void> {
    await this.repo.insertEntry({
      actor_id: actor.userId,
      actor_name: actor.realname.slice(0, 64),
      action,
      target_type: target.type,
      target_id: String(target.id).slice(0, 64),
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      ip: actor.ip.slice(0, 64),
      created_at: this.clock.now(),
    });
  }

  /** A page of the log, newest first, and how many entries match (bounded). */
  async page(
    filter: AuditFilter,
    page: number,
    limit: number,
  ): Promise<{ entries: AuditEntry[]; count: number }> {
    const [rows, count] = await Promise.all([
      this.repo.pageEntries(filter, (page - 1) * limit, limit),
      this.repo.countEntries(filter, COUNT_CAP),
    ]);
    return { entries: rows.map(toEntry), count };
  }

  /** The filtered log as CSV: the newest `AUDIT_EXPORT_MAX` entries, UTF-8 with a BOM. */
  async exportCsv(
    filter: AuditFilter,
  ): Promise<{ filename: string; csv: string }> {
    const rows = await this.repo.pageEntries(filter, 0, AUDIT_EXPORT_MAX);
    const header = [
      "id",
      "time (UTC)",
      "actor_id",
      "actor",
      "action",
      "target_type",
      "target_id",
      "before",
      "after",
      "ip",
    ];
    const lines = [header.map(csvCell).join(",")];
    for (const row of rows)
      lines.push(
        [
          String(row.audit_id),
          formatDateTime(row.created_at),
          String(row.actor_id),
          row.actor_name,
          row.action,
          row.target_type,
          row.target_id,
          row.before ?? "",
          row.after ?? "",
          row.ip,
        ]
          .map(csvCell)
          .join(","),
      );
    const day = formatDateTime(this.clock.now()).slice(0, 10);
    return {
      filename: `parley-audit-${day}.csv`,
      csv: `\uFEFF${lines.join("\r\n")}\r\n`,
    };
  }
}
