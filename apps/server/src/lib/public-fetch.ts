import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";

/*
 * Fetching what a user named, from the server (extensions.md §5: link previews; issue 48's
 * outgoing webhooks keep to the same rules): only public addresses, checked on the address
 * actually connected to — the DNS answer is filtered before the connection is made, and the
 * socket's own remote address is checked again once connected, so a name that resolves to
 * a private address on the second asking (DNS rebinding) or an address literal in any of
 * its spellings (the URL parser makes 2130706433 and 0177.0.0.1 into 127.0.0.1) cannot
 * pass. Only ports 80 and 443; every redirect is judged again. Hosts an administrator
 * names (`host:port`, LINK_PREVIEW_ALLOW_HOSTS) are allowed anyway, for an intranet.
 */

/** Why a fetch was not made or not finished. */
export class FetchRefused extends Error {
  constructor(
    readonly reason:
      | "address"
      | "port"
      | "scheme"
      | "redirects"
      | "size"
      | "timeout"
      | "status"
      | "network",
    detail = "",
  ) {
    super(`fetch refused (${reason})${detail ? `: ${detail}` : ""}`);
  }
}

/**
 * Why an address may not be fetched from (its ipaddr.js range: loopback, private,
 * linkLocal, carrierGradeNat, multicast, reserved, unspecified, uniqueLocal…), or null for
 * a public unicast address. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as
 * the IPv4 address it is.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

export interface PublicFetchOptions {
  /** The most bytes read of the body; more is refused, or cut off with `truncate`. */
  maxBytes: number;
  /** Keep the first `maxBytes` of a longer body instead of refusing it (a page's head). */
  truncate?: boolean;
  /** The whole fetch, redirects included, in ms. */
  timeoutMs: number;
  maxRedirects: number;
  /** `host:port` pairs fetched from whatever their address. */
  allowHosts: ReadonlySet<string>;
  /** The Accept header. */
  accept: string;
  /** Resolves names (tests give their own; Node's resolver otherwise). */
  lookup?: typeof dns.lookup;
  /** POST this body (with its type) instead of a GET; a POST follows no redirect. */
  post?: { body: Buffer; contentType: string };
  /** More request headers (a signature). */
  headers?: Readonly<Record<string, string>>;
  /** Who asks (the User-Agent). */
  userAgent?: string;
}

export interface Fetched {
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

/** `LINK_PREVIEW_ALLOW_HOSTS` as a set of lower-case `host:port`. */
export function allowedHosts(raw: string | undefined): Set<string> {
  return new Set(
    (raw ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) =>
        /^[^\s:]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/.test(entry),
      ),
  );
}

/** The URL's port, or its scheme's. */
function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/**
 * A GET of a public http(s) address, following at most `maxRedirects` redirects, or a POST
 * (`post`) of a body to one, which follows none.
 */
export async function fetchPublic(
  address: string,
  options: PublicFetchOptions,
): Promise<Fetched> {
  const deadline = Date.now() + options.timeoutMs;
  let url = new URL(address);
  for (let hop = 0; ; hop += 1) {
    const answer = await getOnce(url, options, deadline);
    if (answer.kind === "body") return answer.fetched;
    if (options.post || hop >= options.maxRedirects)
      throw new FetchRefused("redirects");
    url = new URL(answer.location, url);
  }
}

type Answer =
  { kind: "body"; fetched: Fetched } | { kind: "redirect"; location: string };

function getOnce(
  url: URL,
  options: PublicFetchOptions,
  deadline: number,
): Promise<Answer> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new FetchRefused("scheme"));
  const port = portOf(url);
  // The URL parser keeps IPv6 literals in brackets; net and the allow list want them so.
  const host = url.hostname.toLowerCase();
  const allowed = options.allowHosts.has(`${host}:${String(port)}`);
  if (!allowed && port !== 80 && port !== 443)
    return Promise.reject(new FetchRefused("port"));
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (!allowed && net.isIP(bare) !== 0 && addressRefusal(bare) !== null)
    return Promise.reject(new FetchRefused("address", bare));
  const resolve = options.lookup ?? dns.lookup;
  // Only public answers are offered to the connection (all of them, in the resolver's order).
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, found) => {
      if (error) {
        callback(error, "", 0);
        return;
      }
      const list = found.filter(
        (entry) => allowed || addressRefusal(entry.address) === null,
      );
      const first = list[0];
      if (!first) {
        callback(new FetchRefused("address", hostname), "", 0);
        return;
      }
      if (lookupOptions.all) callback(null, list);
      else callback(null, first.address, first.family);
    });
  };
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new FetchRefused("timeout"));

  return new Promise<Answer>((resolvePromise, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: options.post ? "POST" : "GET",
        lookup,
        agent: false,
        headers: {
          ...options.headers,
          accept: options.accept,
          "accept-encoding": "identity",
          "user-agent":
            options.userAgent ??
            "Parley link preview (+https://github.com/parley)",
          ...(options.post
            ? {
                "content-type": options.post.contentType,
                "content-length": String(options.post.body.length),
              }
            : {}),
        },
        timeout: remaining,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolvePromise({ kind: "redirect", location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new FetchRefused("status", String(status)));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? "0");
        const done = (body: Buffer) =>
          resolvePromise({
            kind: "body",
            fetched: {
              url: url.toString(),
              contentType: response.headers["content-type"] ?? "",
              body,
            },
          });
        if (declared > options.maxBytes && !options.truncate) {
          request.destroy(new FetchRefused("size"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            if (options.truncate) {
              chunks.push(
                chunk.subarray(0, chunk.length - (size - options.maxBytes)),
              );
              done(Buffer.concat(chunks));
              request.destroy();
            } else request.destroy(new FetchRefused("size"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => done(Buffer.concat(chunks)));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new FetchRefused("timeout")),
      remaining,
    );
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(new FetchRefused("timeout")));
    // The address actually connected to is judged again: nothing reaches a private one.
    request.on("socket", (socket) => {
      socket.once("connect", () => {
        const remote = socket.remoteAddress ?? "";
        if (!allowed && addressRefusal(remote) !== null)
          request.destroy(new FetchRefused("address", remote));
      });
    });
    request.on("error", (error) =>
      reject(
        error instanceof FetchRefused
          ? error
          : new FetchRefused("network", error.message),
      ),
    );
    request.end(options.post?.body);
  });
}
