import { manage, system as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SystemService } from "./system.service.js";

export function registerSystemRoutes(
  registry: Calls,
  system: SystemService,
): void {
  registry.register(calls.getSystemInfo, async (_input, ctx) => ({
    data: await system.globalConfigText(ctx.lang),
  }));
  registry.register(manage.setConfig, async (input, ctx) => {
    const session = requireSession(ctx);
    const me = await system.actorName(session.userId);
    await system.setConfig(input.name, input.value, {
      userId: session.userId,
      realname: me,
      ip: ctx.ip,
    });
    return { data: "" as const, key: "config.saved" };
  });
}
