import { push } from "@parley/protocol";
import { ApiError, call } from "./http";

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
    const fresh = () =>
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    const tell = (subscription: PushSubscription) => {
      const json = subscription.toJSON();
      return call(
        push.subscribe,
        {
          endpoint: json.endpoint ?? subscription.endpoint,
          keys: {
            p256dh: json.keys?.p256dh ?? "",
            auth: json.keys?.auth ?? "",
          },
        },
        { silent: true },
      );
    };
    const subscription =
      (await registration.pushManager.getSubscription()) ?? (await fresh());
    try {
      await tell(subscription);
    } catch (error) {
      // The server keeps this endpoint for the account that made it (someone signed in
      // here before, and never logged out): this device gets an endpoint of its own.
      if (!(error instanceof ApiError) || error.key !== "push.endpointTaken")
        throw error;
      await subscription.unsubscribe();
      await tell(await fresh());
    }
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
