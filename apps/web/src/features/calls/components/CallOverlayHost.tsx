import { lazy, Suspense } from "react";
import { CallStatus, useCallStore } from "../call.store";

// The overlay's code is fetched the first time a call shows, not with every page.
const CallOverlay = lazy(() =>
  import("./CallOverlay").then((m) => ({ default: m.CallOverlay })),
);

/** Where the call overlay lives: over every signed-in screen, while a call is on. */
export function CallOverlayHost() {
  const active = useCallStore((s) => s.status !== CallStatus.idle);
  return active ? (
    <Suspense fallback={null}>
      <CallOverlay />
    </Suspense>
  ) : null;
}
