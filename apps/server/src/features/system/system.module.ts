import { defineModule } from "../../context.js";
import { bucketOf } from "../../storage/switching-storage.js";
import {
  smsFromEnv,
  smtpFromEnv,
  storageFromEnv,
} from "./delivery-settings.js";
import { signinFromEnv } from "./signin-settings.js";
import { registerSystemRoutes } from "./system.routes.js";
import { systemRepository } from "./system.repository.js";
import { SystemService } from "./system.service.js";
import type { SystemPorts } from "./system.service.js";

/** The global config: getSystemInfo, the seeded defaults, and the switches others read. */
export const systemModule = defineModule(
  "system",
  (ctx, ports: SystemPorts) => {
    const service = new SystemService({
      repo: systemRepository(ctx.db),
      clock: ctx.clock,
      publish: ctx.publish,
      changes: ctx.changes,
      ...ports,
      demoMode: ctx.config.DEMO_MODE,
      codeChannels: () => ctx.mail.channels(),
      env: {
        smtp: smtpFromEnv(ctx.config),
        storage: storageFromEnv(ctx.config),
        sms: smsFromEnv(ctx.config),
        signin: signinFromEnv(ctx.config),
      },
      checkBucket: async (row) => {
        const bucket = bucketOf(row);
        try {
          return await bucket.reachable();
        } finally {
          bucket.destroy();
        }
      },
    });
    return {
      service,
      register: (calls) => registerSystemRoutes(calls, service, ctx.policy),
    };
  },
);
