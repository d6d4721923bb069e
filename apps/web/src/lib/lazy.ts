import { type ComponentType, lazy } from "react";

const RETRY_KEY = "parley:chunk-retry";

/**
 * A lazy page whose chunk is fetched again once when loading fails (a deploy replaced it):
 * the route is retried by reloading the page (SPEC §4).
 */
export function lazyPage<T extends ComponentType>(
  load: () => Promise<{ default: T }>,
) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RETRY_KEY);
      return module;
    } catch (error) {
      if (!sessionStorage.getItem(RETRY_KEY)) {
        sessionStorage.setItem(RETRY_KEY, "1");
        window.location.reload();
      }
      throw error;
    }
  });
}
