import http from "node:http";
import https from "node:https";
import type { AddressInfo, LookupFunction, Socket } from "node:net";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOnlyAgent, publicOnlyHttpAgent } from "./outbound.js";

/*
 * Issue 51 (item 23): outbound requests to addresses users give connect only to public
 * addresses, checked on the address a name resolves to, not on the name's text. A real
 * listener on loopback counts every connection that reaches it.
 */

/** A listener on 127.0.0.1 that counts the connections and requests reaching it. */
async function listen(server: http.Server | https.Server) {
  const seen = { connections: 0, requests: 0 };
  server.on("connection", () => (seen.connections += 1));
  server.on("request", (_req, res: http.ServerResponse) => {
    seen.requests += 1;
    res.end("internal");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let plain: Awaited<ReturnType<typeof listen>>;
let tls: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  plain = await listen(http.createServer());
  // A certificate for localhost: were the connection made, TLS would not stop it.
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    algorithm: "sha256",
  });
  tls = await listen(
    https.createServer({ key: pems.private, cert: pems.cert }),
  );
});
afterAll(async () => {
  await plain.close();
  await tls.close();
});

/** What a GET through the agent came to: an answer's status, or the error. */
function get(
  url: string,
  agent: http.Agent,
  onSocket?: (socket: Socket, request: http.ClientRequest) => void,
): Promise<{ status?: number; error?: Error }> {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve) => {
    const request = client.get(
      url,
      { agent, timeout: 5_000, rejectUnauthorized: false },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ error }));
    if (onSocket) request.on("socket", (socket) => onSocket(socket, request));
  });
}

/** Name resolution that answers these addresses for every name, as a hostile DNS can. */
function answering(...addresses: string[]): LookupFunction {
  const answers = addresses.map((address) => ({
    address,
    family: address.includes(":") ? 6 : 4,
  }));
  // Answered later, as a resolver does, once the request has its socket.
  return (_hostname, options, callback) =>
    setImmediate(() => {
      const first = answers[0];
      if (options.all) callback(null, answers);
      else if (first) callback(null, first.address, first.family);
    });
}

const REFUSED = /is not allowed/;

describe("publicOnlyAgent", () => {
  it("refuses localhost and loopback addresses: nothing reaches the listener", async () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "127.1.2.3",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "0.0.0.0",
    ]) {
      const answer = await get(
        `http://${host}:${String(plain.port)}/`,
        publicOnlyHttpAgent(),
      );
      expect(answer.error?.message, host).toMatch(REFUSED);
    }
    const secure = await get(
      `https://localhost:${String(tls.port)}/`,
      publicOnlyAgent(),
    );
    expect(secure.error?.message).toMatch(REFUSED);
    expect(plain.seen).toEqual({ connections: 0, requests: 0 });
    expect(tls.seen).toEqual({ connections: 0, requests: 0 });
  });

  it("refuses a public-looking name that resolves to an internal address", async () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.5",
      "172.16.3.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "64:ff9b::7f00:1",
    ]) {
      const lookup = answering(address);
      const insecure = await get(
        `http://push.example.com:${String(plain.port)}/`,
        publicOnlyHttpAgent({ lookup }),
      );
      const secure = await get(
        `https://push.example.com:${String(tls.port)}/`,
        publicOnlyAgent({ lookup }),
      );
      expect(insecure.error?.message, address).toMatch(REFUSED);
      expect(secure.error?.message, address).toMatch(REFUSED);
    }
    // Nor when one of a name's addresses is public and another is not.
    const mixed = await get(
      `http://push.example.com:${String(plain.port)}/`,
      publicOnlyHttpAgent({ lookup: answering("8.8.8.8", "127.0.0.1") }),
    );
    expect(mixed.error?.message).toMatch(REFUSED);
    expect(plain.seen).toEqual({ connections: 0, requests: 0 });
    expect(tls.seen).toEqual({ connections: 0, requests: 0 });
  });

  it("lets a public address through", async () => {
    const passed: (string | undefined)[] = [];
    const answer = await get(
      "https://push.example.com/",
      publicOnlyAgent({ lookup: answering("8.8.8.8") }),
      // The lookup passed the check: stopped there, before any packet leaves.
      (socket, request) =>
        socket.once("lookup", (error: Error | null, address?: string) => {
          passed.push(error ? error.message : address);
          request.destroy(new Error("stopped after the lookup"));
        }),
    );
    expect(passed).toEqual(["8.8.8.8"]);
    expect(answer.error?.message).toBe("stopped after the lookup");
  });

  it("is an https.Agent, as web-push asks of its agent option", () => {
    expect(publicOnlyAgent()).toBeInstanceOf(https.Agent);
  });
});
