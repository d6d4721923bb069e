/*
 * The service worker that caches the shell and shows Web Push notifications (issue 11).
 * Web Push's own code (api/web-push.ts, its calls' schemas) is fetched only when a
 * subscription is made or dropped: `pushLater` below, not with every screen (issue 14, F1).
 */

/**
 * Registers the service worker (the built app only; the dev server has none), then hands
 * it the built files this page loaded before it was there, so the shell starts offline.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith("/assets/"));
        registration.active?.postMessage({ type: "cacheAssets", urls });
      })
      .catch((error: unknown) => {
        console.warn("The service worker could not be registered", error);
      });
  });
}

/** Subscribes this device once notifications are granted (api/web-push.ts), fetched then. */
export function subscribeToPushLater(): Promise<boolean> {
  return import("./web-push").then(
    (m) => m.subscribeToPush(),
    () => false,
  );
}

/** Before logout: this device stops receiving the user's pushes (api/web-push.ts). */
export function dropPushSubscriptionLater(): Promise<void> {
  return import("./web-push").then(
    (m) => m.dropPushSubscription(),
    () => undefined,
  );
}
