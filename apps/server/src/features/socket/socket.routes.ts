import { socket as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SocketService } from "./socket.service.js";

export function registerSocketRoutes(
  registry: Calls,
  socket: SocketService,
): void {
  for (const call of [calls.bindUid, calls.bindClientId]) {
    registry.register(call, async (input, ctx) => {
      await socket.bind(input.client_id, requireSession(ctx), input.user_id);
      return { data: "" as const };
    });
  }

  // Events reach every member's sockets already: binding a group checks membership only.
  registry.register(calls.bindGroup, async (input, ctx) => {
    await socket.bindGroup(requireSession(ctx), input.group_id);
    return { data: "" as const };
  });

  // Presence follows real sockets, so a client that gave up reconnecting changes nothing.
  registry.register(calls.offline, () =>
    Promise.resolve({ data: "" as const }),
  );
}
