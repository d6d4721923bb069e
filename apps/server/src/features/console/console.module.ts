import { defineModule } from "../../context.js";
import { consoleRepository } from "./console.repository.js";
import { registerConsoleRoutes } from "./console.routes.js";
import { ConsoleService } from "./console.service.js";
import { StatisticsPusher } from "./console.statistics.js";
import type { ConsolePorts } from "./console.service.js";

/** The console (issue 12): users, the home's figures, settings extras, invitations. */
export const consoleModule = defineModule(
  "console",
  (ctx, ports: ConsolePorts) => {
    const service = new ConsoleService({
      repo: consoleRepository(ctx.db),
      clock: ctx.clock,
      passwords: ctx.passwords,
      policy: ctx.policy,
      presence: ctx.presence,
      mail: ctx.mail,
      ...ports,
      demoMode: ctx.config.DEMO_MODE,
      storage: ctx.storage,
      sockets: ctx.sockets,
      statistics: new StatisticsPusher({
        presence: ctx.presence,
        publish: ctx.publish,
        logger: ctx.logger,
      }),
    });
    return {
      service,
      register: (calls) => registerConsoleRoutes(calls, service),
    };
  },
);
