import { randomUUID } from "node:crypto";
import {
  CloseCodes,
  type Message,
  MessageSchema,
  SocketLimits,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  registerAndLogin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";
import { TYPING_EVERY_MS } from "./typing.service.js";

/*
 * Issue 43 item 3, the server (extensions.md §3): typing. A `typing` frame on a bound
 * socket reaches the chat's other side as each files it, never the typer's own sockets;
 * at most one event per typer per chat per 3 s (the test clock moves time, and the shared
 * key follows it on Redis too); dropped for a chat the typer may not send to; a malformed
 * typing frame closes nothing; typing frames within their share never count as frames.
 *
 * With TEST_REDIS_URL the suite's app keeps its keys and events in Redis, and two apps on
 * one database stand for two processes.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const redisEnv: Record<string, string> = redisUrl
  ? { REDIS_URL: redisUrl }
  : {};

let api: TestApp;
const opened: TestSocket[] = [];

beforeAll(async () => {
  api = await startTestApp(redisEnv, { keyPrefix: `test-${randomUUID()}` });
});
afterAll(async () => {
  for (const socket of opened) await socket.close();
  await api.close();
});

const EN = { "Accept-Language": "en" };

async function socketOf(user: TestUser, app: TestApp = api) {
  const socket = await openSocket(app.url);
  opened.push(socket);
  await socket.bind(user.token);
  return socket;
}

async function send(
  from: TestUser,
  to: number | string,
  app: TestApp = api,
): Promise<Message> {
  const res = await app.post(
    "/enterprise/im/sendMessage",
    {
      id: randomUUID(),
      type: "text",
      content: "barrier",
      toContactId: to,
      is_group: typeof to === "string" ? 1 : 0,
    },
    { token: from.token, headers: EN },
  );
  expect(res.code, res.msg).toBe(0);
  return MessageSchema.parse(res.data);
}

/**
 * Sends a typing frame and waits until the messages feature has dealt with it (its events,
 * if any, published): the gateway hands frames on without an answer to wait for.
 */
async function typeIn(
  socket: TestSocket,
  toContactId: number | string,
  app: TestApp = api,
): Promise<void> {
  const spy = vi.spyOn(app.services.messages, "typing");
  try {
    const before = spy.mock.results.length;
    socket.send({
      type: "typing",
      toContactId,
      is_group: typeof toContactId === "string" ? 1 : 0,
    });
    await vi.waitFor(() => {
      expect(spy.mock.results.length).toBeGreaterThan(before);
    });
    await spy.mock.results[before]?.value;
  } finally {
    spy.mockRestore();
  }
}

/**
 * The typing frames a socket got before a message sent to it afterwards: frames reach one
 * socket in order, so a typing event meant for it would have come first.
 */
async function typingSeen(
  socket: TestSocket,
  user: TestUser,
  app: TestApp = api,
): Promise<unknown[]> {
  const stranger = await registerAndLogin(app);
  const barrier = await send(stranger, user.userId, app);
  await socket.next("simple", (f) => (f.data as Message).id === barrier.id);
  return socket.all("typing").map((f) => f.data);
}

describe("typing in a one-to-one chat", () => {
  it("tells the other party under the typer's id, and none of the typer's own sockets", async () => {
    const [alice, bob] = await registerMany(api, 2, "Pair");
    const aliceTyping = await socketOf(alice);
    const aliceOther = await socketOf(alice);
    const bobSocket = await socketOf(bob);

    await typeIn(aliceTyping, bob.userId);
    expect((await bobSocket.next("typing")).data).toEqual({
      user_id: alice.userId,
      realname: "Pair 1",
      toContactId: alice.userId,
      is_group: 0,
    });
    expect(await typingSeen(aliceOther, alice)).toEqual([]);
    expect(await typingSeen(aliceTyping, alice)).toEqual([]);
  });

  it("sends at most one event per typer per chat in 3 s, dropping the rest, and one again after", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "Pace");
    const aliceSocket = await socketOf(alice);
    const bobSocket = await socketOf(bob);
    const carolSocket = await socketOf(carol);

    await typeIn(aliceSocket, bob.userId);
    api.clock.advance(TYPING_EVERY_MS - 1);
    await typeIn(aliceSocket, bob.userId);
    // Another chat has a pace of its own; so has another typer in the same chat.
    await typeIn(aliceSocket, carol.userId);
    expect((await carolSocket.next("typing")).data).toMatchObject({
      user_id: alice.userId,
    });
    await typeIn(bobSocket, alice.userId);
    expect(await typingSeen(bobSocket, bob)).toHaveLength(1);

    api.clock.advance(1);
    await typeIn(aliceSocket, bob.userId);
    expect(await typingSeen(bobSocket, bob)).toHaveLength(2);
    expect((await aliceSocket.next("typing")).data).toMatchObject({
      user_id: bob.userId,
      toContactId: bob.userId,
    });
    expect(await typingSeen(aliceSocket, alice)).toHaveLength(1);
  });

  it("drops typing to a stranger in run mode 2, to oneself and to nobody", async () => {
    const [alice, bob] = await registerMany(api, 2, "Strangers");
    const aliceSocket = await socketOf(alice);
    const bobSocket = await socketOf(bob);
    await saveConfig(api, "sysInfo", { runMode: "2" });
    try {
      await typeIn(aliceSocket, bob.userId);
    } finally {
      await saveConfig(api, "sysInfo", { runMode: "1" });
    }
    await typeIn(aliceSocket, -1);
    await typeIn(aliceSocket, alice.userId);
    await typeIn(aliceSocket, 2 ** 31 - 1);
    expect(await typingSeen(bobSocket, bob)).toEqual([]);
    expect(await typingSeen(aliceSocket, alice)).toEqual([]);
  });
});

describe("typing in a group", () => {
  it("tells the other members under the group's id; a muted member and a non-member are dropped", async () => {
    const [owner, ann, ben, outsider] = await registerMany(api, 4, "Grp");
    const { id, groupId } = await createGroup(api, owner, [ann, ben]);
    const annTyping = await socketOf(ann);
    const annOther = await socketOf(ann);
    const benSocket = await socketOf(ben);
    const ownerSocket = await socketOf(owner);
    const outsiderSocket = await socketOf(outsider);

    await typeIn(annTyping, id);
    const event = {
      user_id: ann.userId,
      realname: "Grp 2",
      toContactId: id,
      is_group: 1,
    };
    expect((await benSocket.next("typing")).data).toEqual(event);
    expect((await ownerSocket.next("typing")).data).toEqual(event);
    expect(await typingSeen(annOther, ann)).toEqual([]);
    expect(await typingSeen(annTyping, ann)).toEqual([]);

    // A non-member, and a group that does not exist.
    await typeIn(outsiderSocket, id);
    await typeIn(outsiderSocket, `group-${String(groupId + 1000)}`);

    const mute = await api.post(
      "/enterprise/group/setNoSpeak",
      { id, user_id: ben.userId, noSpeakTimer: 1 },
      { token: owner.token, headers: EN },
    );
    expect(mute.code, mute.msg).toBe(0);
    await typeIn(benSocket, id);

    expect(await typingSeen(ownerSocket, owner)).toEqual([event]);
    expect(await typingSeen(annOther, ann)).toEqual([]);
    expect(await typingSeen(benSocket, ben)).toEqual([event]);
  });
});

describe("typing frames on the socket", () => {
  it("drops a malformed typing frame and one on an unbound socket, closing nothing", async () => {
    const [alice, bob] = await registerMany(api, 2, "Odd");
    const bobSocket = await socketOf(bob);
    const unbound = await openSocket(api.url);
    opened.push(unbound);
    unbound.send({ type: "typing", toContactId: bob.userId, is_group: 0 });
    const aliceSocket = await socketOf(alice);
    for (const frame of [
      { type: "typing" },
      { type: "typing", toContactId: { id: bob.userId }, is_group: 0 },
      { type: "typing", toContactId: "team-1", is_group: "x" },
      { type: "typing", toContactId: [bob.userId], is_group: 0, extra: 1 },
    ])
      aliceSocket.send(frame);
    for (const socket of [aliceSocket, unbound]) {
      socket.send({ type: "ping" });
      await socket.next("pong");
    }
    expect(await typingSeen(bobSocket, bob)).toEqual([]);

    // The socket still works: a good frame after them is heard.
    await typeIn(aliceSocket, bob.userId);
    expect((await bobSocket.next("typing")).data).toMatchObject({
      user_id: alice.userId,
    });
    expect(aliceSocket.ws.readyState).toBe(aliceSocket.ws.OPEN);
    expect(unbound.ws.readyState).toBe(unbound.ws.OPEN);
  });

  it("never counts a window's share of typing frames (one a second) towards closing the socket", async () => {
    const [alice, bob] = await registerMany(api, 2, "Share");
    const socket = await openSocket(api.url);
    opened.push(socket);
    await socket.bind(alice.token); // a frame of its window
    for (let i = 0; i < SocketLimits.typing; i += 1)
      socket.send({ type: "typing", toContactId: bob.userId, is_group: 0 });
    for (let i = 1; i < SocketLimits.frames; i += 1)
      socket.send({ type: "ping" });
    await vi.waitFor(() => {
      expect(socket.all("pong")).toHaveLength(SocketLimits.frames);
    });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // The limit still holds for every other frame.
    socket.send({ type: "ping" });
    expect((await socket.closed).code).toBe(CloseCodes.tooManyFrames);
  });

  it("counts typing frames past their share as frames", async () => {
    const [alice, bob] = await registerMany(api, 2, "Flood");
    const socket = await openSocket(api.url);
    opened.push(socket);
    await socket.bind(alice.token);
    for (let i = 0; i < SocketLimits.typing + SocketLimits.frames; i += 1)
      socket.send({ type: "typing", toContactId: bob.userId, is_group: 0 });
    expect((await socket.closed).code).toBe(CloseCodes.tooManyFrames);
  });
});

describe.runIf(redisUrl)("typing across two processes", () => {
  it("reaches the other party on the other process, paced once for both", async () => {
    const keyPrefix = `test-${randomUUID()}`;
    const one = await startTestApp(redisEnv, { keyPrefix });
    const two = await startTestApp(redisEnv, {
      keyPrefix,
      testDb: one.testDb,
      clock: one.clock,
    });
    try {
      const [alice, bob] = await Promise.all([
        registerAndLogin(one, { realname: "Alice" }),
        registerAndLogin(one, { realname: "Bob" }),
      ]);
      const aliceOnOne = await socketOf(alice, one);
      const aliceOnTwo = await socketOf(alice, two);
      const bobOnTwo = await socketOf(bob, two);

      await typeIn(aliceOnOne, bob.userId, one);
      expect((await bobOnTwo.next("typing")).data).toEqual({
        user_id: alice.userId,
        realname: "Alice",
        toContactId: alice.userId,
        is_group: 0,
      });
      // The same typer through the other process within 3 s: dropped.
      await typeIn(aliceOnTwo, bob.userId, two);
      one.clock.advance(TYPING_EVERY_MS);
      await typeIn(aliceOnTwo, bob.userId, two);
      expect(await typingSeen(bobOnTwo, bob, two)).toHaveLength(2);
      expect(await typingSeen(aliceOnOne, alice, two)).toEqual([]);
      expect(await typingSeen(aliceOnTwo, alice, one)).toEqual([]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
