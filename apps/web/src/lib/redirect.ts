/** The query parameter of /login and /register naming where to go once signed in. */
export const REDIRECT_PARAM = "redirect";

const SIGN_IN_PAGES = new Set(["/login", "/register"]);

/**
 * A `redirect` value as the path to open once signed in, or null: only a path of this app
 * (one leading slash, never `//host` or `/\host`), and never a sign-in page itself.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])/.test(value)) return null;
  const path = value.split(/[?#]/, 1)[0] ?? "";
  return SIGN_IN_PAGES.has(path) ? null : value;
}

/** The query carrying a redirect target on to the other sign-in page: "" without one. */
export function redirectQuery(target: string | null): string {
  return target && target !== "/"
    ? `?${REDIRECT_PARAM}=${encodeURIComponent(target)}`
    : "";
}
