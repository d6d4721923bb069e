import { denial, manage, system as calls } from "@parley/protocol";
import type { Policy } from "../../context.js";
import { refuse } from "../../lib/errors.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SystemService } from "./system.service.js";

export function registerSystemRoutes(
  registry: Calls,
  system: SystemService,
  policy: Policy,
): void {
  registry.register(calls.getSystemInfo, async (_input, ctx) => ({
    data: await system.globalConfigText(ctx.lang),
  }));
  // The old admin page's rows (any administrator: no password or key is in them).
  registry.register(manage.getAllConfig, async () => ({
    data: await system.adminRows(),
  }));
  registry.register(manage.getConfig, async (input) => ({
    data: await system.adminRow(input.name),
  }));
  registry.register(manage.setConfig, async (input, ctx) => {
    const session = requireSession(ctx);
    // Mail and storage hold the server's secrets and say where they go: super
    // administrators only (the old admin page chooses the disk with the upload settings).
    if (await system.movesDelivery(input.name, input.value)) {
      const why = denial(policy.actor(session), "console.deliverySettings");
      if (why === "demo") throw refuse("demo.readOnly");
      if (why !== null) throw refuse("console.notPermitted");
    }
    const me = await system.actorName(session.userId);
    await system.setConfig(input.name, input.value, {
      userId: session.userId,
      realname: me,
      ip: ctx.ip,
    });
    return { data: "" as const, key: "config.saved" };
  });
}
