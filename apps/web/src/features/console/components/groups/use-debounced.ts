import { useEffect, useState } from "react";

/** Typing searches after this pause. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * `value` once it has stayed the same for `delayMs`: a search follows the typing without a
 * request per key. `flush` takes the value at once (Enter, a search button).
 */
export function useDebounced<T>(
  value: T,
  delayMs = SEARCH_DEBOUNCE_MS,
): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled];
}
