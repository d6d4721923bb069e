import { z } from "zod/mini";
import { formString, optional } from "../common/form.js";
import { defineCall } from "./define.js";

/*
 * Scheduled tasks (wire-contract.md §2.8 `manage/Task/*`, §5.11; issue 12): a real
 * scheduler in the server process runs them; with several processes each scheduled run
 * happens once. Administrators see them, pause and resume them, run one now, and read
 * and clear their logs.
 */

/** The tasks, by name. */
export const TASK_NAMES = [
  "messageRetention",
  "cleanup",
  "orphanFiles",
  /** A nightly archive of the installation into ARCHIVE_DIR, the last ARCHIVE_KEEP kept (issue 47). */
  "archive",
] as const;
/** A scheduled task's name. */
export type TaskName = (typeof TASK_NAMES)[number];

/** A task as the console shows it. */
export const TaskSchema = z.object({
  name: z.enum(TASK_NAMES),
  /** Cron pattern, UTC. */
  schedule: z.string(),
  status: z.enum(["active", "stopped"]),
  /** ms; null when it never ran. */
  last_run: z.nullable(z.number()),
  last_ok: z.nullable(z.boolean()),
  last_summary: z.string(),
  /** ms of the next scheduled run; null when stopped. */
  next_run: z.nullable(z.number()),
});
/** A task as the console shows it. */
export type Task = z.infer<typeof TaskSchema>;

const taskName = z.pipe(
  formString(),
  z.enum(TASK_NAMES, { error: "console.taskNotFound" }),
);

/** `manage/Task/getDataList`: every task with its state (our console's list). */
export const taskData = defineCall({
  path: "/manage/Task/getDataList",
  auth: "admin",
  request: z.object({}),
  response: z.array(TaskSchema),
});

/**
 * `manage/Task/getTaskList`: the running tasks in the old shape (pid, name, started, time,
 * status 'active', ppid, remark), refused with code 400 when none runs (existing clients
 * read that as "stopped").
 */
export const taskList = defineCall({
  path: "/manage/Task/getTaskList",
  auth: "admin",
  request: z.object({}),
  response: z.array(
    z.object({
      pid: z.int(),
      name: z.string(),
      started: z.string(),
      time: z.string(),
      status: z.literal("active"),
      ppid: z.int(),
      remark: z.string(),
    }),
  ),
});

/** `manage/Task/startTask`: resumes one task, or every task without a name. */
export const taskStart = defineCall({
  path: "/manage/Task/startTask",
  auth: "admin",
  request: z.object({ name: optional(taskName) }),
  response: z.literal(""),
});

/** `manage/Task/stopTask`: pauses one task, or every task without a name. */
export const taskStop = defineCall({
  path: "/manage/Task/stopTask",
  auth: "admin",
  request: z.object({ name: optional(taskName) }),
  response: z.literal(""),
});

/** `manage/Task/runTask` (beyond the wire contract): runs a task now, once. */
export const taskRun = defineCall({
  path: "/manage/Task/runTask",
  auth: "admin",
  request: z.object({ name: taskName }),
  response: z.object({ ok: z.boolean(), summary: z.string() }),
});

/** `manage/Task/getTaskLog`: a task's runs as text, newest first (the last 200). */
export const taskLog = defineCall({
  path: "/manage/Task/getTaskLog",
  auth: "admin",
  request: z.object({ name: taskName }),
  response: z.string(),
});

/** `manage/Task/clearTaskLog`: forgets a task's runs. */
export const taskClearLog = defineCall({
  path: "/manage/Task/clearTaskLog",
  auth: "admin",
  request: z.object({ name: taskName }),
  response: z.literal(""),
});
