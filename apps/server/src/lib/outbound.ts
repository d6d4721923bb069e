import type http from "node:http";
import type https from "node:https";
import type { LookupFunction } from "node:net";
import type * as RequestFiltering from "request-filtering-agent";
import { lazyRequire } from "./lazy-require.js";

/*
 * Outbound HTTP to addresses users give (a push subscription's endpoint, issue 51; links
 * to preview, issue 43) gets its agent here, so that such a request cannot make the server
 * a client of its own network: its database, Redis, a cloud's metadata service, anything
 * listening on loopback.
 *
 * A host name read as text says nothing of where it leads (`localhost.`, a name whose DNS
 * answers 127.0.0.1, a name that answered a public address yesterday and a private one
 * now), so the check is made on the address actually connected to, once the name is
 * resolved, in the agent's own lookup (request-filtering-agent).
 */

const filtering = lazyRequire<typeof RequestFiltering>(
  "request-filtering-agent",
);

export interface PublicOnlyOptions {
  /**
   * Name resolution in place of the system's (tests make a name resolve to loopback):
   * what it answers is checked all the same.
   */
  lookup?: LookupFunction;
}

/**
 * Refused at connect time, an error instead of a connection: every address that is not
 * public unicast (IP ranges as ipaddr.js names them), whether the URL gives it or a name
 * resolves to it: loopback (127.0.0.0/8, ::1), private (10/8, 172.16/12, 192.168/16,
 * fc00::/7), link-local (169.254/16, the cloud metadata address among them; fe80::/10),
 * carrier-grade NAT (100.64/10), unspecified (0.0.0.0, ::), broadcast, multicast, reserved
 * and documentation ranges, and IPv6 forms that carry an IPv4 address (IPv4-mapped
 * ::ffff:127.0.0.1, NAT64, 6to4, Teredo). A name with several addresses is refused if any
 * is such. Redirects are not the agent's: a caller that follows one asks again through it.
 */
const REFUSE_NON_PUBLIC = {
  allowPrivateIPAddress: false,
  allowMetaIPAddress: false,
} as const;

function agentOptions(options: PublicOnlyOptions) {
  return {
    ...REFUSE_NON_PUBLIC,
    // A connection to a busy push service is kept for the next delivery, as Node's
    // global agent would; it was checked when it was made, and stays with that address.
    keepAlive: true,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  };
}

/** An https agent that connects only to public addresses (what it refuses: above). */
export function publicOnlyAgent(options: PublicOnlyOptions = {}): https.Agent {
  return new (filtering().RequestFilteringHttpsAgent)(agentOptions(options));
}

/** The same for plain http (a link preview of an http: page). */
export function publicOnlyHttpAgent(
  options: PublicOnlyOptions = {},
): http.Agent {
  return new (filtering().RequestFilteringHttpAgent)(agentOptions(options));
}
