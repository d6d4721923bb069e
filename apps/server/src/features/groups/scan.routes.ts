import { isGroupQrToken } from "@parley/protocol";
import type { Calls } from "../../plugins/calls.js";

/**
 * The web client's join page for what followed `/scan/g/`: the token, escaped, when it has
 * a token's shape; else the page without one, which says the link is broken. Whether the
 * token is genuine and unexpired is `joinGroup`'s to say, once the person asks to join.
 */
export function joinPagePath(rest: string): `/${string}` {
  return isGroupQrToken(rest)
    ? `/#/join/${encodeURIComponent(rest)}`
    : "/#/join";
}

/**
 * The group QR's link (`<host>/scan/g/<token>`, wire-contract.md §4.4): opened in a browser,
 * it leads to the web client's join page, past the login when the person is signed out.
 */
export function registerScanRoutes(registry: Calls): void {
  registry.link("/scan/g/*", joinPagePath);
}
