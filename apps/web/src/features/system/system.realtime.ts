import type { RealtimeHandlers } from "../../api/socket";
import { applyConfigUpdate, refreshSystemInfo } from "./system.queries";

/**
 * The global config, replaced live when an administrator saves it (wire-contract.md §3.6),
 * and read again whenever an `updateConfig` may have been missed: at each bind (the socket
 * was away, or not yet bound after start-up's fetch) and when the server ends the session
 * (the system closing ends it right after announcing itself: the closing notice shows).
 */
export const systemRealtime: RealtimeHandlers = {
  events: {
    updateConfig: (data, ctx) => {
      applyConfigUpdate(ctx.client, data);
    },
  },
  onBound: (ctx) => {
    refreshSystemInfo(ctx.client);
  },
  onSessionEnded: (ctx) => {
    refreshSystemInfo(ctx.client);
  },
};
