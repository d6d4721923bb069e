import { manage } from "@parley/protocol";
import { type Calls } from "../../plugins/calls.js";
import { refuse } from "../../lib/errors.js";
import { formatDateTime } from "../../lib/clock.js";
import type { TasksService } from "./tasks.service.js";
import { adminOf } from "../accounts/admin-of.js";

export function registerTaskRoutes(registry: Calls, tasks: TasksService): void {
  registry.register(manage.taskData, async () => ({
    data: await tasks.list(),
  }));
  registry.register(manage.taskList, async () => {
    const active = (await tasks.list()).filter((t) => t.status === "active");
    // Existing clients read a refusal as "the task runner is stopped".
    if (active.length === 0) throw refuse("console.tasksStopped");
    return {
      data: active.map((task) => ({
        pid: process.pid,
        name: task.name,
        started: task.last_run === null ? "" : formatDateTime(task.last_run),
        time: task.schedule,
        status: "active" as const,
        ppid: process.ppid,
        remark: task.last_summary,
      })),
    };
  });
  registry.register(manage.taskStart, async (input, ctx) => {
    await tasks.setPaused(adminOf(ctx), input.name, false);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.taskStop, async (input, ctx) => {
    await tasks.setPaused(adminOf(ctx), input.name, true);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.taskRun, async (input, ctx) => ({
    data: await tasks.runNow(adminOf(ctx), input.name),
  }));
  registry.register(manage.taskLog, async (input) => ({
    data: await tasks.log(input.name),
  }));
  registry.register(manage.taskClearLog, async (input, ctx) => {
    await tasks.clearLog(adminOf(ctx), input.name);
    return { data: "" as const, key: "ok" };
  });
}
