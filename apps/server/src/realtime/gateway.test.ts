import { CloseCodes, ServerFrameSchema } from "@parley/protocol";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { registerAndLogin } from "../../test/factories.js";
import { openSocket } from "../../test/ws-client.js";

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp(
    {},
    { realtime: { bindTimeoutMs: 400, heartbeatMs: 150 } },
  );
});
afterAll(async () => {
  await api.close();
});

describe("the socket at /wss", () => {
  it("sends init with an opaque client id at once", async () => {
    const socket = await openSocket(api.url);
    expect(socket.clientId).toMatch(/^[0-9a-f]{20}$/);
    expect(ServerFrameSchema.safeParse(socket.frames[0]).success).toBe(true);
    await socket.close();
  });

  it("binds with a valid token and answers pong", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    const pong = await socket.bind(user.token, user.userId);
    expect(pong).toMatchObject({ type: "pong", multiport: false });
    const second = await openSocket(api.url);
    expect(await second.bind(user.token)).toMatchObject({ multiport: true });
    await Promise.all([socket.close(), second.close()]);
  });

  it("closes on a bind without a valid token", async () => {
    const socket = await openSocket(api.url);
    socket.send({ type: "bindUid", user_id: 1, token: "bearer made-up" });
    expect((await socket.closed).code).toBe(CloseCodes.policy);
  });

  it("closes on a bind whose user_id is not the token's user", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    socket.send({
      type: "bindUid",
      user_id: user.userId + 1000,
      token: user.token,
    });
    expect((await socket.closed).code).toBe(CloseCodes.policy);
  });

  it("answers the HTTP bindUid call, but only the socket's own bindUid binds it", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    const res = await api.post(
      "/common/pub/bindUid",
      { client_id: socket.clientId, user_id: user.userId },
      { token: user.token },
    );
    expect(res.code).toBe(0);
    // Not bound by the HTTP call: the unbound timeout closes it.
    expect((await socket.closed).code).toBe(CloseCodes.unbound);
  });

  it("refuses the HTTP bind without a session, and for another user's id", async () => {
    const socket = await openSocket(api.url);
    expect(
      (
        await api.post("/common/pub/bindUid", {
          client_id: socket.clientId,
          user_id: 1,
        })
      ).code,
    ).toBe(-1);
    const user = await registerAndLogin(api);
    const foreign = await api.post(
      "/common/pub/bindUid",
      { client_id: socket.clientId, user_id: user.userId + 1 },
      { token: user.token },
    );
    expect(foreign.code).toBe(400);
    expect((await socket.closed).code).toBe(CloseCodes.unbound);
  });

  it("closes an unbound socket after the bind timeout", async () => {
    const socket = await openSocket(api.url);
    const closed = await socket.closed;
    expect(closed.code).toBe(CloseCodes.unbound);
  });

  it("pings on its heartbeat and answers a client ping with pong", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    await socket.next("ping");
    socket.send({ type: "ping" });
    expect(await socket.next("pong")).toMatchObject({ multiport: false });
    await socket.close();
  });

  it("closes on a frame over 64 KiB", async () => {
    const socket = await openSocket(api.url);
    socket.send({ type: "ping", pad: "x".repeat(70 * 1024) });
    expect((await socket.closed).code).toBe(CloseCodes.tooBig);
  });

  it("closes on a malformed frame", async () => {
    const socket = await openSocket(api.url);
    socket.ws.send("{not json");
    expect((await socket.closed).code).toBe(CloseCodes.policy);
  });

  it("refuses a foreign Origin and accepts its own", async () => {
    await expect(
      openSocket(api.url, { origin: "http://evil.example" }),
    ).rejects.toThrow(/403/);
    const own = await openSocket(api.url, { origin: api.url });
    await own.close();
  });

  it("accepts an origin from ALLOWED_ORIGINS", async () => {
    const other = await startTestApp({
      ALLOWED_ORIGINS: "http://app.example, http://other.example",
    });
    try {
      const socket = await openSocket(other.url, {
        origin: "http://other.example",
      });
      await socket.close();
    } finally {
      await other.close();
    }
  });

  it("answers 404 on another path", async () => {
    const ws = new WebSocket(`${api.url.replace("http", "ws")}/elsewhere`);
    const status = await new Promise<number>((resolve) => {
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it("shares presence: isOnline 1 on bind and 0 on the last close, and is_online in contacts", async () => {
    const watcher = await registerAndLogin(api);
    const user = await registerAndLogin(api);
    // Presence goes to those who list a chat with the user (issue 7): they have one.
    await api.post(
      "/enterprise/im/sendMessage",
      { id: crypto.randomUUID(), content: "hi", toContactId: user.userId },
      { token: watcher.token },
    );
    const watch = await openSocket(api.url);
    await watch.bind(watcher.token);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    await watch.next(
      "isOnline",
      (f) => (f.data as { id: number }).id === user.userId,
    );
    const listed = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: watcher.token },
    );
    const entry = (
      listed.data as Array<{ id: number; is_online: number }>
    ).find((c) => c.id === user.userId);
    expect(entry?.is_online).toBe(1);
    await socket.close();
    const offline = await watch.next(
      "isOnline",
      (f) =>
        (f.data as { id: number; is_online: number }).id === user.userId &&
        (f.data as { is_online: number }).is_online === 0,
    );
    expect(offline).toBeDefined();
    const after = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: watcher.token },
    );
    expect(
      (after.data as Array<{ id: number; is_online: number }>).find(
        (c) => c.id === user.userId,
      )?.is_online,
    ).toBe(0);
    await watch.close();
  });
});
