import { useEffect, useRef } from "react";

/** Apple keyboards use ⌘ where others use Ctrl; there Ctrl+K is a text command (kill line). */
export function isApple(userAgent = navigator.userAgent): boolean {
  return /Mac|iPhone|iPad|iPod/.test(userAgent);
}

/** How a Ctrl/⌘ shortcut is written for this keyboard: "Ctrl+K" or "⌘K". */
export function modKeyLabel(key: string, apple = isApple()): string {
  return apple ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`;
}

/** Whether a key press is Ctrl+key (⌘key on Apple), with no other modifier and no IME at work. */
export function isModKey(
  event: {
    key: string;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    shiftKey: boolean;
    isComposing: boolean;
  },
  key: string,
  apple: boolean,
): boolean {
  if (event.isComposing || event.altKey || event.shiftKey) return false;
  const mod = apple
    ? event.metaKey && !event.ctrlKey
    : event.ctrlKey && !event.metaKey;
  return mod && event.key.toLowerCase() === key.toLowerCase();
}

/**
 * Calls `onPress` on Ctrl+key (⌘key on Apple) anywhere in the page, even while typing
 * in a field: the listener runs in the capture phase, before the field sees the key.
 */
export function useModKey(key: string, onPress: () => void): void {
  const latest = useRef(onPress);
  useEffect(() => {
    latest.current = onPress;
  }, [onPress]);
  useEffect(() => {
    const apple = isApple();
    const listener = (event: KeyboardEvent) => {
      if (!isModKey(event, key, apple)) return;
      // The browser's own Ctrl+K (the address bar's search) would take the focus away.
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", listener, { capture: true });
    return () =>
      window.removeEventListener("keydown", listener, { capture: true });
  }, [key]);
}
