import http from "node:http";
import type { AddressInfo } from "node:net";
import type dns from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressRefusal,
  allowedHosts,
  FetchRefused,
  fetchPublic,
  type PublicFetchOptions,
} from "./public-fetch.js";

/*
 * Issue 43 item 6 (extensions.md §5): the address guard of everything the server fetches.
 * Every range it refuses, in IPv4, IPv6 and IPv4-mapped forms; address literals in their
 * other spellings; a name resolving to loopback; a redirect to a private address; and the
 * limits (size, time, redirects) against a real server on this machine.
 */

const REFUSED = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.1.2.3", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.0.1", "private"],
  ["169.254.169.254", "linkLocal"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.127.255.255", "carrierGradeNat"],
  ["0.0.0.0", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["192.0.2.10", "reserved"],
  ["198.18.0.1", "reserved"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456::1", "uniqueLocal"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["64:ff9b::7f00:1", "rfc6052"],
  ["2002:7f00:1::1", "6to4"],
  ["2001:db8::1", "reserved"],
] as const;

describe("which addresses are public", () => {
  it.each(REFUSED)("refuses %s (%s)", (address, range) => {
    expect(addressRefusal(address)).toBe(range);
  });

  it.each(["8.8.8.8", "1.1.1.1", "151.101.1.69", "2606:4700:4700::1111"])(
    "allows %s",
    (address) => {
      expect(addressRefusal(address)).toBeNull();
    },
  );

  it("reads the allow list as host:port pairs, ignoring anything else", () => {
    expect([
      ...allowedHosts(" Intranet.Example:8080, bad, :80, 127.0.0.1:3000,"),
    ]).toEqual(["intranet.example:8080", "127.0.0.1:3000"]);
  });
});

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/page") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<title>Hello</title>");
    } else if (path === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("x".repeat(2_000_000));
    } else if (path === "/big-chunked") {
      res.writeHead(200, { "content-type": "text/html" });
      for (let i = 0; i < 40; i += 1) res.write("y".repeat(64 * 1024));
      res.end();
    } else if (path === "/slow") {
      // Never answers: the fetch's time runs out.
    } else if (path.startsWith("/hop/")) {
      const n = Number(path.slice(5));
      res.writeHead(302, {
        location: n > 0 ? `/hop/${String(n - 1)}` : "/page",
      });
      res.end();
    } else if (path === "/to-private") {
      res.writeHead(302, { location: "http://10.0.0.1/admin" });
      res.end();
    } else if (path === "/to-metadata") {
      res.writeHead(301, {
        location: "http://169.254.169.254/latest/meta-data",
      });
      res.end();
    } else if (path === "/to-rebind") {
      res.writeHead(302, { location: "http://rebind.example/" });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver answering every name with these addresses. */
const answering = (...addresses: string[]): typeof dns.lookup =>
  ((
    _hostname: string,
    _options: unknown,
    callback: (error: null, found: dns.LookupAddress[]) => void,
  ) => {
    callback(
      null,
      addresses.map((address) => ({
        address,
        family: address.includes(":") ? 6 : 4,
      })),
    );
  }) as unknown as typeof dns.lookup;

const options = (
  patch: Partial<PublicFetchOptions> = {},
): PublicFetchOptions => ({
  maxBytes: 1_000_000,
  timeoutMs: 5_000,
  maxRedirects: 3,
  allowHosts: new Set(),
  accept: "text/html",
  ...patch,
});

async function refusal(
  url: string,
  patch: Partial<PublicFetchOptions> = {},
): Promise<string> {
  try {
    await fetchPublic(url, options(patch));
  } catch (error) {
    if (error instanceof FetchRefused) return error.reason;
    throw error;
  }
  return "fetched";
}

describe("fetchPublic", () => {
  it.each([
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.0.0.1/",
    "http://127.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://0.0.0.0/",
    "http://169.254.169.254/latest/meta-data",
    "https://10.0.0.1/",
    "http://[fd00::1]/",
  ])(
    "refuses the private address literal %s before connecting",
    async (url) => {
      expect(await refusal(url)).toBe("address");
    },
  );

  it("refuses a name that resolves to loopback or a private address, whatever else it names", async () => {
    expect(
      await refusal("http://localhost.example/", {
        lookup: answering("127.0.0.1"),
      }),
    ).toBe("address");
    expect(
      await refusal("http://intranet.example/", {
        lookup: answering("10.0.0.5", "::1", "fe80::2"),
      }),
    ).toBe("address");
  });

  it("refuses other ports and schemes", async () => {
    expect(await refusal("http://example.com:8080/")).toBe("port");
    expect(await refusal("http://example.com:22/")).toBe("port");
    expect(await refusal("ftp://example.com/")).toBe("scheme");
    expect(await refusal("file:///etc/passwd")).toBe("scheme");
  });

  it("refuses this machine's own server unless an administrator allowed it by host:port", async () => {
    const url = `http://127.0.0.1:${String(port)}/page`;
    expect(await refusal(url)).toBe("port");
    const allowed = new Set([`127.0.0.1:${String(port)}`]);
    const fetched = await fetchPublic(url, options({ allowHosts: allowed }));
    expect(fetched.body.toString()).toBe("<title>Hello</title>");
    expect(fetched.contentType).toBe("text/html");
  });

  describe("from an allowed server", () => {
    const allowHosts = () => new Set([`127.0.0.1:${String(port)}`]);
    const at = (path: string) => `http://127.0.0.1:${String(port)}${path}`;

    it("judges every redirect again: to a private address, to the metadata address, to a name resolving to loopback", async () => {
      expect(
        await refusal(at("/to-private"), { allowHosts: allowHosts() }),
      ).toBe("address");
      expect(
        await refusal(at("/to-metadata"), { allowHosts: allowHosts() }),
      ).toBe("address");
      expect(
        await refusal(at("/to-rebind"), {
          allowHosts: allowHosts(),
          lookup: answering("127.0.0.1"),
        }),
      ).toBe("address");
    });

    it("follows three redirects, not four", async () => {
      const three = await fetchPublic(
        at("/hop/2"),
        options({ allowHosts: allowHosts() }),
      );
      expect(three.url).toBe(at("/page"));
      expect(await refusal(at("/hop/3"), { allowHosts: allowHosts() })).toBe(
        "redirects",
      );
    });

    it("reads no more than its limit, declared or streamed", async () => {
      expect(await refusal(at("/big"), { allowHosts: allowHosts() })).toBe(
        "size",
      );
      expect(
        await refusal(at("/big-chunked"), { allowHosts: allowHosts() }),
      ).toBe("size");
    });

    it("gives up when its time runs out", async () => {
      expect(
        await refusal(at("/slow"), {
          allowHosts: allowHosts(),
          timeoutMs: 300,
        }),
      ).toBe("timeout");
    });

    it("refuses an answer that is not a success", async () => {
      expect(await refusal(at("/missing"), { allowHosts: allowHosts() })).toBe(
        "status",
      );
    });
  });
});
