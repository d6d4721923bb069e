import { type Actor, mayOpenConsole } from "@parley/protocol";
import { REDIRECT_PARAM, safeRedirect } from "../lib/redirect";

/** What the routing guard knows (SPEC §4 Start-up and routing guard). */
export interface GuardState {
  path: string;
  search: string;
  signedIn: boolean;
  /** Who asks: the signed-in user, or `visitor(demoMode)`. */
  actor: Actor;
  /** sysInfo.state is "0". */
  closed: boolean;
  closeTips: string;
}

/** Where to go instead, or an error to show as well. */
export type GuardDecision =
  { kind: "stay" } | { kind: "redirect"; to: string; error?: "noPermission" };

// The download page is the login page's "download client" entry too (SPEC §2).
const PUBLIC_PATHS = new Set([
  "/login",
  "/register",
  "/welcome",
  "/404",
  "/download",
]);

function isManagePath(path: string): boolean {
  return path === "/manage" || path.startsWith("/manage/");
}

/**
 * The routing guard as a pure function, in SPEC's order: a closed system first, then the
 * console's permission, then visitors, then signed-in users on the login pages.
 */
export function decideRoute(state: GuardState): GuardDecision {
  const { path, signedIn, actor } = state;
  // The console's rule, the same table the server enforces; a visitor in demo mode passes too.
  const consoleOpen = mayOpenConsole(actor);

  if (state.closed) {
    if (consoleOpen) {
      return isManagePath(path)
        ? { kind: "stay" }
        : { kind: "redirect", to: "/manage/index" };
    }
    // A visitor may still be an administrator: the login page stays open to them.
    if (path === "/404" || (!signedIn && path === "/login"))
      return { kind: "stay" };
    return {
      kind: "redirect",
      to: `/404?msg=${encodeURIComponent(state.closeTips)}`,
    };
  }

  if (isManagePath(path)) {
    if (!signedIn)
      return {
        kind: "redirect",
        to: `/login?${REDIRECT_PARAM}=${encodeURIComponent(path)}`,
      };
    if (!consoleOpen)
      return { kind: "redirect", to: "/", error: "noPermission" };
    return path === "/manage"
      ? { kind: "redirect", to: "/manage/index" }
      : { kind: "stay" };
  }

  if (!signedIn) {
    if (PUBLIC_PATHS.has(path)) return { kind: "stay" };
    const target =
      path === "/"
        ? ""
        : `?${REDIRECT_PARAM}=${encodeURIComponent(path + state.search)}`;
    return { kind: "redirect", to: `/login${target}` };
  }

  if (path === "/login" || path === "/register") {
    const params = new URLSearchParams(state.search);
    // A login link: the page asks before its ticket replaces the current session.
    if (path === "/login" && params.get("token")) return { kind: "stay" };
    // Signing in (or registering) leads on to the page the visitor was sent away from.
    const next = safeRedirect(params.get(REDIRECT_PARAM));
    if (next && next !== "/") return { kind: "redirect", to: next };
    return { kind: "redirect", to: actor.demoMode ? "/demo" : "/" };
  }
  return { kind: "stay" };
}
