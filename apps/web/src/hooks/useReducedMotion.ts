import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function media(): MediaQueryList | null {
  return typeof window.matchMedia === "function"
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(callback: () => void): () => void {
  const list = media();
  list?.addEventListener("change", callback);
  return () => list?.removeEventListener("change", callback);
}

/**
 * Whether the person asked their system for less motion ("Reduce motion" on macOS and iOS,
 * "Show animations" off on Windows and Android), kept current: dialogs, popups and toasts
 * then appear and go at once.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false);
}
