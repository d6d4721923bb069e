import { socket } from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { Gateway } from "../../realtime/gateway.js";

/**
 * The HTTP side of binding (wire-contract.md §3.2): existing clients POST bindUid after
 * `init`, then bind on the socket. Here the session is the credential; `user_id` is
 * ignored unless it names someone else, which is refused.
 */
export function registerSocketRoutes(calls: Calls, gateway: Gateway): void {
  for (const call of [socket.bindUid, socket.bindClientId]) {
    calls.register(call, async (input, ctx) => {
      const session = requireSession(ctx);
      if (input.user_id !== undefined && input.user_id !== session.userId) {
        throw refuse("request.invalidField", { field: "user_id" });
      }
      await gateway.bindClient(input.client_id, session);
      return { data: "" as const };
    });
  }

  // Presence follows real sockets, so a client that gave up reconnecting changes nothing.
  calls.register(socket.offline, () => Promise.resolve({ data: "" as const }));
}
