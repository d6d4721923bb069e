import { defineModule } from "../../context.js";
import { consoleRepository } from "./console.repository.js";
import { registerConsoleRoutes } from "./console.routes.js";
import { ConsoleService } from "./console.service.js";

/** The console (issue 12): users, the home's figures, settings extras, invitations. */
export const consoleModule = defineModule("console", (ctx) => {
  const { config } = ctx;
  const service = new ConsoleService({
    repo: consoleRepository(ctx.db),
    clock: ctx.clock,
    passwords: ctx.passwords,
    policy: ctx.policy,
    presence: ctx.presence,
    mail: ctx.mail,
    services: ctx.services,
    demoMode: config.DEMO_MODE,
    storage: ctx.storage,
    setup: {
      smtp: {
        host: config.SMTP_HOST ?? "",
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        user: config.SMTP_USER ?? "",
        from: config.SMTP_FROM,
        hasPassword: Boolean(config.SMTP_PASS),
      },
      storage: {
        disk: config.S3_BUCKET ? "s3" : "local",
        bucket: config.S3_BUCKET ?? "",
        endpoint: config.S3_ENDPOINT ?? "",
      },
    },
  });
  return {
    service,
    register: (calls) => registerConsoleRoutes(calls, service),
  };
});
