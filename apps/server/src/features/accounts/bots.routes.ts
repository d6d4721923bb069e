import { manage } from "@parley/protocol";
import { type Calls } from "../../plugins/calls.js";
import { adminOf } from "./admin-of.js";
import type { BotsService } from "./bots.service.js";

/** The console's bots (extensions.md §9, issue 48). */
export function registerBotRoutes(registry: Calls, bots: BotsService): void {
  registry.register(manage.botAdd, async (input, ctx) => ({
    data: await bots.add(adminOf(ctx), input),
    key: "ok",
  }));
  registry.register(manage.botIndex, async (input, ctx) => {
    const { bots: list, count } = await bots.list(
      input.page,
      input.limit,
      ctx.publicUrl,
    );
    return { data: list, count, page: input.page };
  });
  registry.register(manage.botRevoke, async (input, ctx) => ({
    data: await bots.revoke(adminOf(ctx), input.user_id),
    key: "ok",
  }));
  registry.register(manage.botDel, async (input, ctx) => {
    await bots.remove(adminOf(ctx), input.user_id);
    return { data: "" as const, key: "ok" };
  });
}
