import type { RealtimeHandlers } from "../../api/socket";
import { applyConfigUpdate } from "./system.queries";

/** The global config, replaced live when an administrator saves it (wire-contract.md §3.6). */
export const systemRealtime: RealtimeHandlers = {
  events: {
    updateConfig: (data, ctx) => {
      applyConfigUpdate(ctx.client, data);
    },
  },
};
