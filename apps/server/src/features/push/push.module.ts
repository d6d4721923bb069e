import fs from "node:fs";
import https from "node:https";
import { defineModule } from "../../context.js";
import { pushRepository } from "./push.repository.js";
import { registerPushRoutes } from "./push.routes.js";
import { type PushPorts, PushService } from "./push.service.js";

/** Web Push: subscriptions per device, and notifications to those away (issue 11). */
export const pushModule = defineModule("push", (ctx, ports: PushPorts) => {
  const service = new PushService({
    repo: pushRepository(ctx.db),
    ...ports,
    clock: ctx.clock,
    presence: ctx.presence,
    jobs: ctx.jobs,
    logger: ctx.logger,
    subject: ctx.config.WEB_PUSH_SUBJECT,
    allowHosts: ctx.config.WEB_PUSH_ALLOW_HOSTS,
    // The certificate authority of the push services the installation named (a private
    // one's own). Only for those: `ca` replaces the usual authorities, which public push
    // services chain to, and those go through the public-only agent (lib/outbound.ts).
    ...(ctx.config.WEB_PUSH_CA_FILE
      ? {
          namedHostsAgent: new https.Agent({
            ca: fs.readFileSync(ctx.config.WEB_PUSH_CA_FILE, "utf8"),
          }),
        }
      : {}),
  });
  return {
    service,
    register: (calls) => registerPushRoutes(calls, service),
  };
});
