import { type ContactId, ContactIdSchema } from "@parley/protocol";
import { useEffect } from "react";

/** A chat id as a notification carries it, or null for anything else. */
export function chatFromNotification(value: unknown): ContactId | null {
  const parsed = ContactIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Opens the chat a notification's click names (issue 11): from the service worker's
 * message to a tab already open, or from `?chat=` in a tab it opened for the click (then
 * taken out of the address).
 */
export function useChatFromNotification(open: (chat: ContactId) => void): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromAddress = chatFromNotification(params.get("chat"));
    if (fromAddress !== null) {
      open(fromAddress);
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.hash}`,
      );
    }
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; chat?: unknown } | null;
      if (data?.type !== "openChat") return;
      const chat = chatFromNotification(data.chat);
      if (chat !== null) open(chat);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => {
      navigator.serviceWorker.removeEventListener("message", onMessage);
    };
  }, [open]);
}
