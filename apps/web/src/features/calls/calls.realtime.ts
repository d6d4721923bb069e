import type { RealtimeHandlers } from "../../api/socket";
import { onCallSignal } from "./calls-lazy";

/** Call steps from the server (wire-contract.md §3.6 `webrtc`) drive this tab's call. */
export const callsRealtime: RealtimeHandlers = {
  events: {
    webrtc: (signal, ctx) => {
      onCallSignal(signal, ctx.me);
    },
  },
};
