import { randomUUID } from "node:crypto";
import dns from "node:dns";
import https from "node:https";
import { syncBuiltinESMExports } from "node:module";
import type { AddressInfo } from "node:net";
import { type PushPayload, push } from "@parley/protocol";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { registerMany, type TestUser } from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";
import {
  decryptDelivery,
  type DeviceKeys,
  deviceKeys,
  type PushSink,
  startPushSink,
} from "../../../test/push-sink.js";
import { endpointAllowed } from "./push.service.js";

/*
 * Issue 11, Web Push: a real push service on loopback receives what the server sends and
 * decrypts it with the device's own keys (RFC 8291), as a browser would.
 */

let api: TestApp;
let pushService: PushSink;

beforeAll(async () => {
  pushService = await startPushSink();
  api = await startTestApp({
    WEB_PUSH_ALLOW_HOSTS: pushService.host,
    WEB_PUSH_CA_FILE: pushService.caFile,
  });
});
afterAll(async () => {
  await api.close();
  await pushService.close();
});

const EN = { "Accept-Language": "en" };
const post = (user: TestUser, path: string, body: object = {}) =>
  api.post(path, body, { token: user.token, headers: EN });

async function subscribeDevice(user: TestUser, path: string) {
  const device = deviceKeys();
  const endpoint = `${pushService.url}${path}`;
  const res = await post(user, "/enterprise/push/subscribe", {
    endpoint,
    keys: device.keys,
  });
  expect(res.code, res.msg).toBe(0);
  return { ...device, endpoint };
}

async function send(from: TestUser, to: number | string, content: string) {
  const res = await post(from, "/enterprise/im/sendMessage", {
    id: randomUUID(),
    type: "text",
    content,
    toContactId: to,
  });
  expect(res.code, res.msg).toBe(0);
}

/** Deliveries to one path since a mark, decrypted with the device's keys. */
function opened(
  path: string,
  device: Pick<DeviceKeys, "ecdh" | "auth">,
  from = 0,
): PushPayload[] {
  return pushService.received
    .slice(from)
    .filter((r) => r.path === path)
    .map((r) =>
      push.PushPayloadSchema.parse(JSON.parse(decryptDelivery(r, device))),
    );
}

describe("Web Push", () => {
  it("keeps one VAPID key pair and gives its public half", async () => {
    const [user] = await registerMany(api, 1, "Key");
    const a = await post(user, "/enterprise/push/publicKey");
    const b = await post(user, "/enterprise/push/publicKey");
    expect(a.code, a.msg).toBe(0);
    const key = (a.data as { publicKey: string }).publicKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{86,88}$/);
    expect((b.data as { publicKey: string }).publicKey).toBe(key);
    const rows = await api.db
      .selectFrom("config")
      .select("value")
      .where("name", "=", "webPushKeys")
      .execute();
    expect(rows).toHaveLength(1);
    // The private half never leaves the server.
    expect(JSON.stringify(a)).not.toContain(
      (JSON.parse(rows[0]?.value ?? "{}") as { privateKey: string }).privateKey,
    );
    const anonymous = await api.post("/enterprise/push/publicKey", {});
    expect(anonymous.code).not.toBe(0);
  });

  it("sends an encrypted notification to a device whose user is away, signed with the server's key", async () => {
    const [alice, bob] = await registerMany(api, 2, "Push");
    const device = await subscribeDevice(bob, `/bob/${randomUUID()}`);
    const mark = pushService.received.length;
    await send(alice, bob.userId, "Are you <there>?");
    await api.services.jobs.whenIdle();
    const delivered = pushService.received
      .slice(mark)
      .filter((r) => r.path === new URL(device.endpoint).pathname);
    expect(delivered).toHaveLength(1);
    const [payload] = opened(new URL(device.endpoint).pathname, device, mark);
    expect(payload).toEqual({
      title: "Push 1",
      body: "Are you <there>?",
      chat: alice.userId,
      tag: `chat-${String(alice.userId)}`,
      icon: expect.any(String) as string,
    });
    const publicKey = (
      (await post(bob, "/enterprise/push/publicKey")).data as {
        publicKey: string;
      }
    ).publicKey;
    const headers = delivered[0]?.headers ?? {};
    expect(headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(headers.ttl)).toBeGreaterThan(0);
  });

  it("leaves out users with a socket open, do-not-disturb chats (but not a mention), and the sender", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "Quiet");
    const bobDevice = await subscribeDevice(bob, `/q/${randomUUID()}`);
    const aliceDevice = await subscribeDevice(alice, `/q/${randomUUID()}`);
    const bobPath = new URL(bobDevice.endpoint).pathname;
    const alicePath = new URL(aliceDevice.endpoint).pathname;

    // Bob online: the socket shows it, no push.
    const socket = await openSocket(api.url);
    await socket.bind(bob.token);
    let mark = pushService.received.length;
    await send(alice, bob.userId, "you are here");
    await api.services.jobs.whenIdle();
    expect(opened(bobPath, bobDevice, mark)).toEqual([]);
    expect(opened(alicePath, aliceDevice, mark)).toEqual([]);
    await socket.close();

    // Do-not-disturb on Alice's chat: quiet; a group mention still gets through.
    const dnd = await post(bob, "/enterprise/im/isNotice", {
      id: alice.userId,
      is_notice: 0,
      is_group: 0,
    });
    expect(dnd.code).toBe(0);
    const group = await post(alice, "/enterprise/group/add", {
      name: "Quiet team",
      user_ids: [bob.userId, carol.userId],
    });
    const groupId = (group.data as { id: string }).id;
    await post(bob, "/enterprise/im/isNotice", {
      id: groupId,
      is_notice: 0,
      is_group: 1,
    });
    // Bob's socket close is seen by every process before the next sends.
    await expect
      .poll(async () => {
        mark = pushService.received.length;
        await send(carol, bob.userId, "probe");
        await api.services.jobs.whenIdle();
        return opened(bobPath, bobDevice, mark).length;
      })
      .toBe(1);
    mark = pushService.received.length;
    await send(alice, bob.userId, "muted chat");
    await post(alice, "/enterprise/im/sendMessage", {
      id: randomUUID(),
      type: "text",
      content: "just the group",
      toContactId: groupId,
    });
    await post(alice, "/enterprise/im/sendMessage", {
      id: randomUUID(),
      type: "text",
      content: "@Quiet 2 look",
      toContactId: groupId,
      at: [String(bob.userId)],
    });
    await api.services.jobs.whenIdle();
    expect(opened(bobPath, bobDevice, mark).map((p) => p.body)).toEqual([
      "@Quiet 2 look",
    ]);
    expect(opened(bobPath, bobDevice, mark)[0]).toMatchObject({
      title: "Quiet 1 · Quiet team",
      chat: groupId,
    });
  });

  it("tells a group's away members' devices, not those of members online", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "Crew");
    const bobDevice = await subscribeDevice(bob, `/g/${randomUUID()}`);
    const bobPath = new URL(bobDevice.endpoint).pathname;
    const group = await post(alice, "/enterprise/group/add", {
      name: "Crew room",
      user_ids: [bob.userId, carol.userId],
    });
    const groupId = (group.data as { id: string }).id;
    const say = (content: string) =>
      post(alice, "/enterprise/im/sendMessage", {
        id: randomUUID(),
        type: "text",
        content,
        toContactId: groupId,
      });
    // Everyone online (the sender and both members): nobody is told.
    const sockets = await Promise.all(
      [alice, bob, carol].map(async (user) => {
        const socket = await openSocket(api.url);
        await socket.bind(user.token);
        return socket;
      }),
    );
    let mark = pushService.received.length;
    await say("all here");
    await api.services.jobs.whenIdle();
    expect(opened(bobPath, bobDevice, mark)).toEqual([]);
    // Bob gone: his device hears the next message, once every process sees him gone.
    await sockets[1]?.close();
    await expect
      .poll(async () => {
        mark = pushService.received.length;
        await say("bob away");
        await api.services.jobs.whenIdle();
        return opened(bobPath, bobDevice, mark).map((p) => p.body);
      })
      .toEqual(["bob away"]);
    await Promise.all([sockets[0]?.close(), sockets[2]?.close()]);
  });

  it("forgets a device the push service says is gone", async () => {
    const [alice, bob] = await registerMany(api, 2, "Gone");
    const device = await subscribeDevice(bob, `/gone/${randomUUID()}`);
    await send(alice, bob.userId, "anyone?");
    await api.services.jobs.whenIdle();
    const rows = await api.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("endpoint", "=", device.endpoint)
      .execute();
    expect(rows).toEqual([]);
  });

  it("keeps one row per device, which stays with its user until they let it go", async () => {
    const [alice, bob] = await registerMany(api, 2, "Device");
    const device = await subscribeDevice(alice, `/d/${randomUUID()}`);
    const owners = () =>
      api.db
        .selectFrom("push_subscriptions")
        .select(["user_id", "p256dh"])
        .where("endpoint", "=", device.endpoint)
        .execute();
    // The same device again: replaced, not doubled.
    const again = deviceKeys();
    expect(
      (
        await post(alice, "/enterprise/push/subscribe", {
          endpoint: device.endpoint,
          keys: again.keys,
        })
      ).code,
    ).toBe(0);
    expect(await owners()).toEqual([
      { user_id: alice.userId, p256dh: again.keys.p256dh },
    ]);
    // Bob, who learnt Alice's endpoint, cannot take her device's notifications over.
    const takeover = await post(bob, "/enterprise/push/subscribe", {
      endpoint: device.endpoint,
      keys: deviceKeys().keys,
    });
    expect(takeover.code).not.toBe(0);
    expect(takeover.msg).toBe(
      "This device's notifications belong to another account; subscribe again",
    );
    expect(await owners()).toEqual([
      { user_id: alice.userId, p256dh: again.keys.p256dh },
    ]);
    // Nor drop them.
    await post(bob, "/enterprise/push/unsubscribe", {
      endpoint: device.endpoint,
    });
    expect(await owners()).toHaveLength(1);
    // Alice lets it go (her logout): then the device may be Bob's.
    await post(alice, "/enterprise/push/unsubscribe", {
      endpoint: device.endpoint,
    });
    expect(await owners()).toEqual([]);
    const handed = deviceKeys();
    expect(
      (
        await post(bob, "/enterprise/push/subscribe", {
          endpoint: device.endpoint,
          keys: handed.keys,
        })
      ).code,
    ).toBe(0);
    expect(await owners()).toEqual([
      { user_id: bob.userId, p256dh: handed.keys.p256dh },
    ]);
  });

  it.each([
    ["an internal address", "https://127.0.0.1/push/x"],
    ["plain http", "http://push.example.com/x"],
    ["localhost", "https://localhost/x"],
    ["localhost with its final dot", "https://localhost./x"],
    ["a bare host name", "https://redis/x"],
    ["credentials in the address", "https://u:p@push.example.com/x"],
    ["not a URL", "javascript:alert(1)"],
  ])("refuses %s, storing nothing", async (_name, endpoint) => {
    const [user] = await registerMany(api, 1, "Refuse");
    const res = await post(user, "/enterprise/push/subscribe", {
      endpoint,
      keys: deviceKeys().keys,
    });
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("This push subscription can't be used");
    const rows = await api.db
      .selectFrom("push_subscriptions")
      .select("user_id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses malformed keys", async () => {
    const [user] = await registerMany(api, 1, "Keys");
    const res = await post(user, "/enterprise/push/subscribe", {
      endpoint: `${pushService.url}/k`,
      keys: { p256dh: "short", auth: "x" },
    });
    expect(res.code).not.toBe(0);
  });
});

/**
 * Makes `name` resolve to 127.0.0.1 in this process until the returned function is
 * called, as the DNS of a name someone registered for it would: `dns.lookup`, which
 * connections use, and its copy ES modules import.
 */
function resolveToLoopback(name: string): () => void {
  const real = dns.lookup;
  const rebound = (host: string, ...rest: unknown[]) =>
    (real as (...args: unknown[]) => void)(
      host.toLowerCase() === name ? "127.0.0.1" : host,
      ...rest,
    );
  dns.lookup = rebound as typeof dns.lookup;
  syncBuiltinESMExports();
  return () => {
    dns.lookup = real;
    syncBuiltinESMExports();
  };
}

describe("Web Push to an address checked where it connects (issue 51)", () => {
  it("posts nothing to a name that resolves to loopback, and keeps running", async () => {
    // Something internal on loopback, counting every connection that reaches it.
    const pems = await generate([{ name: "commonName", value: "internal" }], {
      algorithm: "sha256",
    });
    const internal = https.createServer(
      { key: pems.private, cert: pems.cert },
      (_req, res) => res.end(),
    );
    let connections = 0;
    internal.on("connection", () => (connections += 1));
    await new Promise<void>((resolve) =>
      internal.listen(0, "127.0.0.1", resolve),
    );
    const { port } = internal.address() as AddressInfo;
    // A public-looking name: its text passes the subscribe-time check.
    const name = "push.rebound.example";
    const restore = resolveToLoopback(name);
    try {
      const [alice, bob] = await registerMany(api, 2, "Rebound");
      const path = `/rebound/${randomUUID()}`;
      const device = await subscribeDevice(bob, path);
      const endpoint = `https://${name}:${String(port)}/wpush/${randomUUID()}`;
      const res = await post(bob, "/enterprise/push/subscribe", {
        endpoint,
        keys: deviceKeys().keys,
      });
      expect(res.code, res.msg).toBe(0);
      const mark = pushService.received.length;
      await send(alice, bob.userId, "for the loopback?");
      await api.services.jobs.whenIdle();
      expect(connections).toBe(0);
      // The same message still reached Bob's other device, at the push service named.
      expect(opened(path, device, mark).map((p) => p.body)).toEqual([
        "for the loopback?",
      ]);
      // The refused endpoint is kept (a name may be filtered for a while), and the
      // server answers as before.
      const rows = await api.db
        .selectFrom("push_subscriptions")
        .select("user_id")
        .where("endpoint", "=", endpoint)
        .execute();
      expect(rows).toEqual([{ user_id: bob.userId }]);
      const key = await post(bob, "/enterprise/push/publicKey");
      expect(key.code, key.msg).toBe(0);
    } finally {
      restore();
      internal.closeAllConnections();
      await new Promise<void>((resolve) => internal.close(() => resolve()));
    }
  });
});

describe("endpointAllowed", () => {
  it("takes public https push services and the named hosts, nothing else", () => {
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", [])).toBe(
      true,
    );
    expect(
      endpointAllowed(
        "https://updates.push.services.mozilla.com/wpush/v2/x",
        [],
      ),
    ).toBe(true);
    expect(endpointAllowed("https://10.0.0.5:8080/p", ["10.0.0.5:8080"])).toBe(
      true,
    );
    expect(endpointAllowed("https://[::1]/p", [])).toBe(false);
    expect(endpointAllowed("https://192.168.1.1/p", [])).toBe(false);
    expect(endpointAllowed("https://printer.local/p", [])).toBe(false);
    expect(endpointAllowed("https://db.internal/p", [])).toBe(false);
  });
});
