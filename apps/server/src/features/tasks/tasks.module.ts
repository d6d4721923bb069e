import { defineModule } from "../../context.js";
import { tasksRepository } from "./tasks.repository.js";
import { registerTaskRoutes } from "./tasks.routes.js";
import { TasksService } from "./tasks.service.js";
import type { TasksPorts } from "./tasks.service.js";

/** Scheduled tasks (issue 12): retention, cleanup, orphan files; main.ts starts the schedule. */
export const tasksModule = defineModule("tasks", (ctx, ports: TasksPorts) => {
  const service = new TasksService({
    repo: tasksRepository(ctx.db),
    clock: ctx.clock,
    logger: ctx.logger,
    policy: ctx.policy,
    ...ports,
  });
  return {
    service,
    register: (calls) => registerTaskRoutes(calls, service),
  };
});
