/** The login link's parameter: `/#/login?token=<one-time login ticket>`. */
export const TICKET_PARAM = "token";
/** Set with the ticket when single sign-on made it (logging out leaves the provider too). */
export const SSO_PARAM = "sso";
/** Why single sign-on did not complete: a server message key (extensions.md §7). */
export const SSO_ERROR_PARAM = "sso_error";

/**
 * The address without the login link's ticket (and single sign-on's marks) (the app routes in the hash:
 * `#/login?token=…&redirect=…`), for `history.replaceState`: a reload, the history and a
 * screenshot of the page never carry it. Other parameters stay.
 */
export function addressWithoutTicket(href: string): string {
  const url = new URL(href);
  const at = url.hash.indexOf("?");
  if (at < 0) return href;
  const params = new URLSearchParams(url.hash.slice(at + 1));
  if (!params.has(TICKET_PARAM) && !params.has(SSO_ERROR_PARAM)) return href;
  params.delete(TICKET_PARAM);
  params.delete(SSO_PARAM);
  params.delete(SSO_ERROR_PARAM);
  const rest = params.toString();
  url.hash = `${url.hash.slice(0, at)}${rest ? `?${rest}` : ""}`;
  return url.toString();
}
