import type { CallSignal } from "@parley/protocol";
import type { CallController } from "./call-controller";

let loading: Promise<CallController> | null = null;
let recordListener: ((peerId: number) => void) | null = null;
/** The call steps received so far, handled one after another in their order. */
let signals: Promise<unknown> = Promise.resolve();

/**
 * This tab's call controller, whose code (WebRTC, the ring, the steps) is fetched with the
 * first call started or received (issue 14, F1), not with the chat screen. A failed fetch
 * is tried again the next time.
 */
export function callController(): Promise<CallController> {
  loading ??= import("./call-controller").then(
    ({ calls }) => {
      if (recordListener) calls.onRecord = recordListener;
      return calls;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A call step from the server, handled in the order the steps came. */
export function onCallSignal(signal: CallSignal, me: number): void {
  signals = signals
    .then(() => callController())
    .then(
      (calls) => calls.onSignal(signal, me),
      // Its code could not be fetched: this step is lost (the caller's ring times out).
      () => undefined,
    );
}

/** Who shows a call's record afresh as the call goes (kept until the controller is here). */
export function setCallRecordListener(
  listener: (peerId: number) => void,
): void {
  recordListener = listener;
  void loading?.then((calls) => (calls.onRecord = listener));
}

/** The signed-in session ends: a call under way ends with it (none if never fetched). */
export function leaveCall(): void {
  void loading?.then((calls) => calls.leave());
}
