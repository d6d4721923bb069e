import { type Task, TASK_NAMES, type TaskName } from "@parley/protocol";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cron } from "croner";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Policy } from "../../context.js";
import { type Clock, formatDateTime } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { TasksRepository } from "./tasks.repository.js";
import type {
  AccountCodes,
  AccountInvitations,
  AccountSessions,
  ActiveUsers,
} from "../accounts/accounts.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import type { ContactChanges } from "../contacts/contacts.ports.js";
import type { FileRelease } from "../files/files.ports.js";
import type { MessageRetention } from "../messages/messages.ports.js";
import type { LiveConfig } from "../system/system.ports.js";
import { auditActorOf, mayWriteConsole } from "../accounts/admin-acts.js";
import type { ExportReport } from "../../archive/export.js";
import { ARCHIVE_FOLDER } from "../../storage/storage.js";

/** When each task runs (cron, UTC). */
export const TASK_SCHEDULES: Record<TaskName, string> = {
  // Message retention at night, when chats are quiet.
  messageRetention: "0 2 * * *",
  // Expired codes, sessions and invitations, every hour.
  cleanup: "15 * * * *",
  // Uploads that never became a message, once a day.
  orphanFiles: "30 3 * * *",
  // The installation's archive, every night before the others.
  archive: "0 1 * * *",
};

/** The closing line of a nightly archive's run. */
function archiveSummary(
  name: string,
  report: ExportReport,
  found: number,
  keep: number,
  where: string,
): string {
  const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
  const removed = Math.max(0, found - keep);
  return `${name} written${where}: ${rows} rows, ${report.files} files (${report.bytes} bytes)${report.filesElsewhere ? `, not the files in the ${report.filesElsewhere}` : ""}; ${removed} older archives removed, ${Math.min(found, keep)} kept`;
}

/** What the nightly archive needs of a bucket (S3Storage). */
export interface ArchiveBucket {
  putFile(key: string, file: string, contentType: string): Promise<void>;
  objects(prefix?: string): AsyncIterable<{ key: string }>;
  remove(key: string): Promise<void>;
  destroy(): void;
}

/** `ARCHIVE_DIR=s3`: the nightly archives go to the installation's bucket, under `archive/`. */
export const ARCHIVE_TO_BUCKET = "s3";

/** A nightly archive's name: `parley-YYYYMMDD-HHmmss.tar.gz` (UTC), sorted by time. */
const ARCHIVE_NAME = /^parley-\d{8}-\d{6}\.tar\.gz$/;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Messages deleted per transaction, and at most per run (the rest go on the next night). */
const RETENTION_BATCH = 500;
const RETENTION_MAX_PER_RUN = 200_000;
/** An upload older than this with no message is an orphan (a send takes seconds). */
const ORPHAN_AGE_MS = 60 * MINUTE_MS;
const ORPHAN_BATCH = 1000;
/** The runs getTaskLog shows. */
const LOG_LINES = 200;

export interface TasksDeps {
  repo: TasksRepository;
  clock: Clock;
  logger: Logger;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers & AccountSessions & AccountCodes & AccountInvitations;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig;
  /** Stored files (a port: app.ts wires it). */
  files: FileRelease;
  /** Message retention, the messages feature's (a port: app.ts wires it). */
  messages: MessageRetention;
  /** Chat lists kept current (a port: app.ts wires it). */
  contacts: ContactChanges;
  /** The nightly archive: where, how many kept, and the export itself. */
  archive: {
    /** A folder, or `s3`: the installation's bucket (ARCHIVE_TO_BUCKET). */
    dir: string | undefined;
    keep: number;
    write: (file: string) => Promise<ExportReport>;
    /** The bucket Settings → Files sets up, or null (for `ARCHIVE_DIR=s3`). */
    bucket: () => Promise<ArchiveBucket | null>;
  };
}

/** What this service asks of other features (app.ts wires each one). */
export type TasksPorts = Pick<
  TasksDeps,
  "accounts" | "audit" | "system" | "files" | "contacts" | "messages"
>;

/** The administrator behind a task call. */
export interface TaskAdmin {
  userId: number;
  role: number;
  ip: string;
}

/**
 * Scheduled tasks (issue 12, wire-contract.md §5.11): message retention (chatInfo
 * msgClearDay), cleanup of what expired, and orphan files. Each process schedules them with
 * croner; a run happens only for the process whose claim of the slot commits first
 * (tasks.last_slot), so several processes on one database run each slot once. Every run
 * is logged, whether it worked or not.
 */
export class TasksService {
  private jobs = new Map<TaskName, Cron>();
  private readonly running = new Set<TaskName>();

  constructor(private readonly deps: TasksDeps) {}

  /** Starts the schedule in this process (main.ts; tests drive runs themselves). */
  async startSchedule(): Promise<void> {
    await this.deps.repo.ensureTasks(TASK_NAMES);
    for (const name of TASK_NAMES) {
      const job = new Cron(
        TASK_SCHEDULES[name],
        { timezone: "UTC", protect: true },
        (self: Cron) => {
          const at = self.currentRun() ?? new Date(this.deps.clock.now());
          void this.runSlot(name, at.getTime()).catch((error: unknown) => {
            this.deps.logger.error({ err: error, task: name }, "task failed");
          });
        },
      );
      this.jobs.set(name, job);
    }
  }

  stopSchedule(): void {
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }

  /**
   * Runs a scheduled slot (ms, taken to its minute) when this caller claims it first;
   * answers whether it ran here.
   */
  async runSlot(name: TaskName, at: number): Promise<boolean> {
    await this.deps.repo.ensureTasks([name]);
    const slot = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    if (!(await this.deps.repo.claimSlot(name, slot))) return false;
    await this.run(name, false);
    return true;
  }

  private mayWrite(admin: TaskAdmin): void {
    mayWriteConsole(this.deps.policy, admin);
  }

  private async record(
    admin: TaskAdmin,
    action: "task.start" | "task.stop" | "task.run" | "task.clearLog",
    name: string,
    after: Record<string, unknown> | null = null,
  ): Promise<void> {
    await this.deps.audit.record(
      await auditActorOf(this.deps.accounts, admin),
      action,
      { type: "config", id: `task:${name}` },
      null,
      after,
    );
  }

  /** One run, logged; a task already running in this process is not started twice. */
  private async run(
    name: TaskName,
    manual: boolean,
  ): Promise<{ ok: boolean; summary: string }> {
    if (this.running.has(name)) throw refuse("console.taskBusy");
    this.running.add(name);
    const started = this.deps.clock.now();
    let ok = true;
    let summary: string;
    try {
      summary = await this.work(name);
    } catch (error) {
      ok = false;
      summary = `failed: ${error instanceof Error ? error.message : String(error)}`;
      this.deps.logger.error({ err: error, task: name }, "task failed");
    } finally {
      this.running.delete(name);
    }
    await this.deps.repo.insertLog({
      name,
      started_at: started,
      finished_at: this.deps.clock.now(),
      ok: ok ? 1 : 0,
      manual: manual ? 1 : 0,
      summary: summary.slice(0, 500),
    });
    return { ok, summary };
  }

  private async work(name: TaskName): Promise<string> {
    const now = this.deps.clock.now();
    switch (name) {
      case "messageRetention": {
        const config = await this.deps.system.config();
        const days = Number(config.chatInfo.msgClearDay) || 0;
        if (days <= 0) return "retention is off: every message is kept";
        const cutoff = now - days * DAY_MS;
        let messages = 0;
        let files = 0;
        while (messages < RETENTION_MAX_PER_RUN) {
          const batch = await this.deps.messages.deleteMessagesBefore(
            cutoff,
            RETENTION_BATCH,
          );
          messages += batch.count;
          files += batch.fileIds.length;
          await this.deps.files.release(batch.fileIds);
          if (batch.count < RETENTION_BATCH) break;
        }
        // A chat's last line may have gone with them.
        if (messages > 0) await this.deps.contacts.changed(null);
        return `${messages} messages sent before ${formatDateTime(cutoff)} deleted (kept ${days} days), ${files} files released`;
      }
      case "cleanup": {
        const gone = {
          codes: await this.deps.accounts.codes.forgetExpired(now),
          sessions: await this.deps.accounts.sessions.forgetExpired(now),
          invites: await this.deps.accounts.invitations.forgetExpired(now),
        };
        return `${gone.codes} codes, ${gone.sessions} sessions and ${gone.invites} invitations that expired removed`;
      }
      case "archive":
        return this.archive(now);
      case "orphanFiles": {
        let freed = 0;
        for (;;) {
          const ids = await this.deps.repo.listOrphanFiles(
            now - ORPHAN_AGE_MS,
            ORPHAN_BATCH,
          );
          if (ids.length === 0) break;
          await this.deps.files.release(ids);
          freed += ids.length;
          if (ids.length < ORPHAN_BATCH) break;
        }
        return `${freed} files no message carries released`;
      }
    }
  }

  /** Writes tonight's archive, then removes all but the newest `keep` of them. */
  private async archive(now: number): Promise<string> {
    const { dir, keep, write } = this.deps.archive;
    if (!dir)
      return "no folder set: give ARCHIVE_DIR to the server to keep a nightly archive";
    const stamp = new Date(now)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace("T", "-")
      .slice(0, 15);
    const name = `parley-${stamp}.tar.gz`;
    if (dir === ARCHIVE_TO_BUCKET) return this.archiveToBucket(name);
    await fs.promises.mkdir(dir, { recursive: true });
    const file = path.join(dir, name);
    // Written under another name first: a half-written archive never looks finished.
    const partial = `${file}.partial`;
    const report = await write(partial);
    await fs.promises.rename(partial, file);
    const kept = (await fs.promises.readdir(dir))
      .filter((entry) => ARCHIVE_NAME.test(entry))
      .sort()
      .reverse();
    for (const old of kept.slice(keep))
      await fs.promises.rm(path.join(dir, old), { force: true });
    return archiveSummary(name, report, kept.length, keep, "");
  }

  /**
   * Tonight's archive into the bucket, under `archive/`: written to a temporary file, then
   * stored as one object (a half-sent one never appears), then the oldest beyond `keep` go.
   */
  private async archiveToBucket(name: string): Promise<string> {
    const { keep, write } = this.deps.archive;
    const bucket = await this.deps.archive.bucket();
    if (!bucket)
      return "ARCHIVE_DIR=s3 but no S3 bucket is set up: set one up in Settings → Files";
    const folder = await fs.promises.mkdtemp(
      path.join(os.tmpdir(), "parley-archive-"),
    );
    try {
      const file = path.join(folder, name);
      const report = await write(file);
      await bucket.putFile(
        `${ARCHIVE_FOLDER}/${name}`,
        file,
        "application/gzip",
      );
      const kept: string[] = [];
      for await (const { key } of bucket.objects(`${ARCHIVE_FOLDER}/`))
        if (ARCHIVE_NAME.test(key.slice(ARCHIVE_FOLDER.length + 1)))
          kept.push(key);
      kept.sort().reverse();
      for (const old of kept.slice(keep)) await bucket.remove(old);
      return archiveSummary(name, report, kept.length, keep, " in the bucket");
    } finally {
      bucket.destroy();
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  }

  /** Every task with its state, last run and next run. */
  async list(): Promise<Task[]> {
    await this.deps.repo.ensureTasks(TASK_NAMES);
    const rows = new Map(
      (await this.deps.repo.listTasks()).map((row) => [row.name, row]),
    );
    const tasks: Task[] = [];
    for (const name of TASK_NAMES) {
      const [last] = await this.deps.repo.listLog(name, 1);
      const paused = rows.get(name)?.paused === 1;
      const next = paused
        ? null
        : (this.jobs.get(name)?.nextRun() ??
          new Cron(TASK_SCHEDULES[name], {
            timezone: "UTC",
            paused: true,
          }).nextRun(new Date(this.deps.clock.now())));
      tasks.push({
        name,
        schedule: TASK_SCHEDULES[name],
        status: paused ? "stopped" : "active",
        last_run: last?.started_at ?? null,
        last_ok: last ? last.ok === 1 : null,
        last_summary: last?.summary ?? "",
        next_run: next ? next.getTime() : null,
      });
    }
    return tasks;
  }

  async setPaused(
    admin: TaskAdmin,
    name: TaskName | undefined,
    paused: boolean,
  ): Promise<void> {
    this.mayWrite(admin);
    await this.deps.repo.ensureTasks(TASK_NAMES);
    await this.deps.repo.setPaused(name ? [name] : TASK_NAMES, paused);
    await this.record(admin, paused ? "task.stop" : "task.start", name ?? "*");
  }

  async runNow(
    admin: TaskAdmin,
    name: TaskName,
  ): Promise<{ ok: boolean; summary: string }> {
    this.mayWrite(admin);
    const outcome = await this.run(name, true);
    await this.record(admin, "task.run", name, outcome);
    return outcome;
  }

  /** A task's runs as text, newest first. */
  async log(name: TaskName): Promise<string> {
    const rows = await this.deps.repo.listLog(name, LOG_LINES);
    return rows
      .map(
        (row) =>
          `${formatDateTime(row.started_at)} UTC  ${row.ok ? "ok    " : "FAILED"}  ${row.manual ? "manual   " : "scheduled"}  ${row.finished_at - row.started_at} ms  ${row.summary}`,
      )
      .join("\n");
  }

  async clearLog(admin: TaskAdmin, name: TaskName): Promise<void> {
    this.mayWrite(admin);
    await this.deps.repo.clearLog(name);
    await this.record(admin, "task.clearLog", name);
  }
}
