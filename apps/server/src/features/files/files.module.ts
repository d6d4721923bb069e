import { defineModule } from "../../context.js";
import { filesRepository } from "./files.repository.js";
import { registerFilesRoutes } from "./files.routes.js";
import { FilesService } from "./files.service.js";
import type { FilesPorts } from "./files.service.js";

/** Files in chat: uploads sent as messages, stored once per content, served after an access check. */
export const filesModule = defineModule("files", (ctx, ports: FilesPorts) => {
  const { groups, ...asked } = ports;
  const service = new FilesService({
    repo: filesRepository(ctx.db),
    storage: ctx.storage,
    jobs: ctx.jobs,
    uploadsPerUser: ctx.limiter(
      "upload-user",
      ctx.config.RATE_UPLOAD_USER,
      ctx.config.RATE_UPLOAD_WINDOW_S,
    ),
    clock: ctx.clock,
    policy: ctx.policy,
    ...asked,
    logger: ctx.logger,
  });
  // Files no message carries any more are let go, whichever feature dropped the messages.
  const release = ({ fileIds }: { fileIds: readonly number[] }) =>
    service.release(fileIds);
  asked.messages.events.on("filesDropped", release);
  groups.events.on("filesDropped", release);
  return {
    service,
    register: (calls) => {
      registerFilesRoutes(calls, service, async () =>
        Number((await ctx.policy.config()).fileUpload.size),
      );
    },
  };
});
