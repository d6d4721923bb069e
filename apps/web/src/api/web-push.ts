import { push } from "@parley/protocol";
import { call } from "./http";

/*
 * This device's Web Push subscription (issue 11): made once notifications are granted,
 * with the server's own VAPID key; dropped at logout, so the next person on this device
 * never receives the last one's messages. Every step fails quietly: a browser without a
 * push service (or offline) still has notifications while a tab is open.
 */

/** Whether this browser can take pushes at all. */
function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window
  );
}

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

/** The VAPID public key (base64url) as the bytes `subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Subscribes this device (or confirms its subscription) and tells the server. */
export async function subscribeToPush(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== "granted") return false;
  try {
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = (await call(push.publicKey, {}, { silent: true }))
      .data;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const json = subscription.toJSON();
    await call(
      push.subscribe,
      {
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      },
      { silent: true },
    );
    return true;
  } catch (error) {
    console.warn("Push notifications are not available here", error);
    return false;
  }
}

/** Before logout: this device stops receiving the user's pushes. */
export async function dropPushSubscription(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await call(
      push.unsubscribe,
      { endpoint: subscription.endpoint },
      { silent: true },
    ).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Nothing subscribed here, or the browser refused: nothing to drop.
  }
}
