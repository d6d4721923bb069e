import { system as calls } from "@parley/protocol";
import type { Calls } from "../../plugins/calls.js";
import type { SystemService } from "./system.service.js";

export function registerSystemRoutes(
  registry: Calls,
  system: SystemService,
): void {
  registry.register(calls.getSystemInfo, async (_input, ctx) => ({
    data: await system.globalConfig(ctx.lang),
  }));
}
