import { manage, system as calls } from "@parley/protocol";
import type { Calls } from "../../plugins/calls.js";
import type { SystemService } from "./system.service.js";

export function registerSystemRoutes(
  registry: Calls,
  system: SystemService,
): void {
  registry.register(calls.getSystemInfo, async (_input, ctx) => ({
    data: await system.globalConfig(ctx.lang),
  }));
  registry.register(manage.setConfig, async (input) => {
    await system.setConfig(input.name, input.value);
    return { data: "" as const, key: "config.saved" };
  });
}
