import { push as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { PushService } from "./push.service.js";

export function registerPushRoutes(registry: Calls, push: PushService): void {
  registry.register(calls.publicKey, async (_input, ctx) => {
    requireSession(ctx);
    return { data: { publicKey: await push.publicKey() } };
  });

  registry.register(calls.subscribe, async (input, ctx) => {
    await push.subscribe(requireSession(ctx).userId, input);
    return { data: "" as const };
  });

  registry.register(calls.unsubscribe, async (input, ctx) => {
    await push.unsubscribe(requireSession(ctx).userId, input.endpoint);
    return { data: "" as const };
  });
}
