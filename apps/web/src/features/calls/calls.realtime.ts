import type { RealtimeHandlers } from "../../api/socket";
import { calls } from "./call-controller";

/** Call steps from the server (wire-contract.md §3.6 `webrtc`) drive this tab's call. */
export const callsRealtime: RealtimeHandlers = {
  events: {
    webrtc: (signal, ctx) => {
      calls.onSignal(signal, ctx.me);
    },
  },
};

/** Who shows a call's record afresh as the call goes (the app wires the chat's refresh). */
export function setCallRecordListener(
  listener: (peerId: number) => void,
): void {
  calls.onRecord = listener;
}

/** The signed-in session ends (sign-out): this tab's call ends with it. */
export function leaveCall(): void {
  void calls.leave();
}
