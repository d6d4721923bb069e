import path from "node:path";
import { bucketOfInstallation, exportArchive } from "../../archive/export.js";
import { defineModule } from "../../context.js";
import { tasksRepository } from "./tasks.repository.js";
import { registerTaskRoutes } from "./tasks.routes.js";
import { TasksService } from "./tasks.service.js";
import type { TasksPorts } from "./tasks.service.js";

/**
 * Scheduled tasks (issue 12): retention, cleanup, orphan files, the nightly archive (issue
 * 47); main.ts starts the schedule.
 */
export const tasksModule = defineModule("tasks", (ctx, ports: TasksPorts) => {
  const service = new TasksService({
    repo: tasksRepository(ctx.db),
    clock: ctx.clock,
    logger: ctx.logger,
    policy: ctx.policy,
    ...ports,
    archive: {
      dir: ctx.config.ARCHIVE_DIR,
      keep: ctx.config.ARCHIVE_KEEP,
      write: async (file) => {
        const bucket = await bucketOfInstallation(ctx.db, ctx.config);
        try {
          return await exportArchive(
            ctx.db,
            path.join(ctx.config.DATA_DIR, "storage"),
            file,
            undefined,
            bucket,
          );
        } finally {
          bucket?.destroy();
        }
      },
      bucket: () => bucketOfInstallation(ctx.db, ctx.config),
    },
  });
  return {
    service,
    register: (calls) => registerTaskRoutes(calls, service),
  };
});
