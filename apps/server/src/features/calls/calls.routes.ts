import { webrtc } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { CallsService } from "./calls.service.js";

export function registerCallRoutes(registry: Calls, calls: CallsService): void {
  registry.register(webrtc.sendToMsg, async (input, ctx) => ({
    data: await calls.step(requireSession(ctx).userId, input, ctx.publicUrl),
  }));
}
