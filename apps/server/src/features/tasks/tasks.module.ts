import path from "node:path";
import { defineModule } from "../../context.js";
import { tasksRepository } from "./tasks.repository.js";
import { registerTaskRoutes } from "./tasks.routes.js";
import { TasksService } from "./tasks.service.js";
import type { TasksPorts } from "./tasks.service.js";

/**
 * The archive's code (tar, gzip, the table walk) is loaded the first night it runs, not at
 * every start: a start answers its first call sooner (W7, issue 49).
 */
const archiveCode = () => import("../../archive/export.js");

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
        const { bucketOfInstallation, exportArchive } = await archiveCode();
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
      bucket: async () =>
        (await archiveCode()).bucketOfInstallation(ctx.db, ctx.config),
    },
  });
  return {
    service,
    register: (calls) => registerTaskRoutes(calls, service),
  };
});
