import { manage } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * The console home's live figures (wire-contract.md §2.8 `manage/index/index`, §3.6
 * `statistics`): the console's socket joins `admin-manage` by naming its client id, and
 * hears users online and sockets bound each time sockets come and go. Only a socket of the
 * caller's own session can be joined. An app of its own, so the counts are exact.
 */
let api: TestApp;
let admin: TestUser;

beforeAll(async () => {
  api = await startTestApp();
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
});

const dashboard = async (user: TestUser, clientId?: string) => {
  const res = await api.post(
    "/manage/index/index",
    clientId === undefined ? {} : { client_id: clientId },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return manage.dashboard.response.parse(res.data);
};

/** The next `statistics` frame whose figures match. */
const figures = (
  socket: TestSocket,
  onlineCount: number,
  clientCount: number,
) =>
  socket.next(
    "statistics",
    (frame) =>
      (frame.data as { onlineCount: number }).onlineCount === onlineCount &&
      (frame.data as { clientCount: number }).clientCount === clientCount,
  );

/** Frames on one socket arrive in order: after its pong, whatever was sent before is here. */
const settled = async (socket: TestSocket) => {
  socket.send({ type: "ping" });
  await socket.next("pong");
};

describe("statistics for the console home", () => {
  it("reach a joined console socket as sockets bind and close, with every device counted", async () => {
    const console_ = await openSocket(api.url);
    await console_.bind(admin.token);
    const joined = await dashboard(admin, console_.clientId);
    expect(joined.isJoin).toBe(1);
    expect(joined.onlineCount).toBe(1);

    const user = await registerAndLogin(api);
    const phone = await openSocket(api.url);
    await phone.bind(user.token);
    const laptop = await openSocket(api.url);
    await laptop.bind(user.token);
    const frame = await figures(console_, 2, 3);
    expect(frame).toMatchObject({
      type: "statistics",
      data: { onlineCount: 2, clientCount: 3 },
    });
    expect(typeof frame.time).toBe("number");

    await phone.close();
    await laptop.close();
    await figures(console_, 1, 1);
    // Nobody else hears them.
    expect(phone.all("statistics")).toEqual([]);
    await console_.close();
  });

  it("join a socket named before it bound, once it binds to the same session", async () => {
    const early = await openSocket(api.url);
    expect((await dashboard(admin, early.clientId)).isJoin).toBe(1);
    await early.bind(admin.token);
    // Its own bind is news: the figures follow it.
    await figures(early, 1, 1);
    await early.close();
  });

  it("never join a socket of another session or another user", async () => {
    const user = await registerAndLogin(api);
    const theirs = await openSocket(api.url);
    await theirs.bind(user.token);
    // The same administrator signed in elsewhere: a socket of that other session.
    const otherSession = await loginAdmin(api);
    const elsewhere = await openSocket(api.url);
    await elsewhere.bind(otherSession.token);
    // Not bound yet, and then bound to another session.
    const unbound = await openSocket(api.url);
    await dashboard(admin, theirs.clientId);
    await dashboard(admin, elsewhere.clientId);
    await dashboard(admin, unbound.clientId);
    await unbound.bind(otherSession.token);

    const mine = await openSocket(api.url);
    await mine.bind(admin.token);
    await dashboard(admin, mine.clientId);
    const extra = await openSocket(api.url);
    await extra.bind(user.token);
    // Bound now: the user's two, the other session's two, mine.
    await figures(mine, 2, 5);
    for (const socket of [theirs, elsewhere, unbound]) {
      await settled(socket);
      expect(socket.all("statistics")).toEqual([]);
    }
    for (const socket of [theirs, elsewhere, unbound, mine, extra])
      await socket.close();
  });

  it("answer isJoin 0 without a client id, and a user naming their own socket the missing-call answer", async () => {
    expect((await dashboard(admin)).isJoin).toBe(0);
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    const res = await api.post(
      "/manage/index/index",
      { client_id: socket.clientId },
      { token: user.token },
    );
    expect(res.code).not.toBe(0);
    const mine = await openSocket(api.url);
    await mine.bind(admin.token);
    await dashboard(admin, mine.clientId);
    const more = await openSocket(api.url);
    await more.bind(user.token);
    await figures(mine, 2, 3);
    await settled(socket);
    expect(socket.all("statistics")).toEqual([]);
    for (const s of [socket, mine, more]) await s.close();
  });
});
