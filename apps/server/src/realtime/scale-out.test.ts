import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { Contact } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
  userOn,
} from "../../test/server-process.js";
import { type Frame, openSocket } from "../../test/ws-client.js";

/**
 * The code of `call()` once the news of a change made through the other process has
 * reached this one: it travels over Redis beside the test's own calls, so it is waited
 * for, but for less than the 2 s after which a process reads a held session again
 * (SESSION_READ_AGAIN_MS in sessions.service.ts, a feature this layer does not import): a
 * process that missed the news and only read the session again then fails the test.
 */
const NEWS_WAIT_MS = 1_500;
async function onceToldOf<T>(
  read: () => Promise<T>,
  changed: (value: T) => boolean,
): Promise<T> {
  const until = Date.now() + NEWS_WAIT_MS;
  let value = await read();
  while (!changed(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  return value;
}
const codeOnceToldOf = (
  call: () => Promise<{ code: number }>,
  changed: (code: number) => boolean,
) => onceToldOf(async () => (await call()).code, changed);

/*
 * Two real server processes on one database and one Redis: PostgreSQL with
 * TEST_DATABASE_URL, else one SQLite file; Redis from TEST_REDIS_URL, else the machine's
 * own on 127.0.0.1:6379.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-${randomBytes(6).toString("hex")}`;

let database: ProcessDatabase;
let a: ServerProcess;
let b: ServerProcess;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = createProcessDatabase());
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  a = await startServerProcess(database, env);
  b = await startServerProcess(database, env);
}, 60_000);

afterAll(async () => {
  await Promise.all([a.kill(), b.kill()]);
  await cleanup();
});

describe("two server processes on one database and one Redis", () => {
  it("deliver a message sent through A to a socket on B", async () => {
    const alice = await userOn(a, "alice");
    const bob = await userOn(b, "bob");
    const socket = await openSocket(b.url);
    await socket.bind(bob.token);
    const id = randomUUID();
    const sent = await a.post(
      "/enterprise/im/sendMessage",
      {
        id,
        type: "text",
        content: "across processes",
        toContactId: bob.userId,
      },
      alice.token,
    );
    expect(sent.code, sent.msg).toBe(0);
    const pushed = await socket.next("simple");
    expect(pushed.data).toMatchObject({
      id,
      content: "across processes",
      toContactId: alice.userId,
    });
    await socket.close();
  });

  it("carry a one-to-one message's two copies in one Redis message", async () => {
    const alice = await userOn(a, "alice2");
    const bob = await userOn(b, "bob2");
    const bobSocket = await openSocket(b.url);
    await bobSocket.bind(bob.token);
    const aliceOther = await openSocket(b.url);
    await aliceOther.bind(alice.token);
    const listener = new Redis(redisUrl);
    const carried: string[] = [];
    listener.on("message", (_channel: string, raw: string) => {
      carried.push(raw);
    });
    await listener.subscribe(`${prefix}:hub`);
    try {
      const id = randomUUID();
      const sent = await a.post(
        "/enterprise/im/sendMessage",
        { id, type: "text", content: "one publish", toContactId: bob.userId },
        alice.token,
      );
      expect(sent.code, sent.msg).toBe(0);
      // Each copy is filed under the other side, each on its own sockets.
      const ofThis = (frame: Frame) =>
        (frame.data as { id?: string } | undefined)?.id === id;
      expect((await bobSocket.next("simple", ofThis)).data).toMatchObject({
        toContactId: alice.userId,
      });
      expect((await aliceOther.next("simple", ofThis)).data).toMatchObject({
        toContactId: bob.userId,
      });
      // A later message from A: once it is heard, everything A published before it was.
      const later = randomUUID();
      const next = await a.post(
        "/enterprise/im/sendMessage",
        { id: later, type: "text", content: "later", toContactId: bob.userId },
        alice.token,
      );
      expect(next.code, next.msg).toBe(0);
      await expect
        .poll(() => carried.some((raw) => raw.includes(later)))
        .toBe(true);
      expect(carried.filter((raw) => raw.includes(id))).toHaveLength(1);
    } finally {
      await listener.quit();
      await Promise.all([bobSocket.close(), aliceOther.close()]);
    }
  });

  it("deliver a group's message and events to members on both processes, and stop at once for a removed one", async () => {
    const owner = await userOn(a, "gowner");
    const onA = await userOn(a, "gmembera");
    const onB = await userOn(b, "gmemberb");
    const created = await a.post(
      "/enterprise/group/add",
      { name: "Across", user_ids: [onA.userId, onB.userId] },
      owner.token,
    );
    expect(created.code, created.msg).toBe(0);
    const id = (created.data as { id: string }).id;
    const socketA = await openSocket(a.url);
    await socketA.bind(onA.token);
    const socketB = await openSocket(b.url);
    await socketB.bind(onB.token);

    const sent = await b.post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "to the group",
        toContactId: id,
      },
      owner.token,
    );
    expect(sent.code, sent.msg).toBe(0);
    for (const socket of [socketA, socketB]) {
      const pushed = await socket.next("group");
      expect(pushed.data).toMatchObject({
        content: "to the group",
        toContactId: id,
      });
    }

    const removed = await a.post(
      "/enterprise/group/removeUser",
      { id, user_id: onB.userId },
      owner.token,
    );
    expect(removed.code, removed.msg).toBe(0);
    await socketB.next("removeUser");
    await b.post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "after removal",
        toContactId: id,
      },
      owner.token,
    );
    await socketA.next(
      "group",
      (f) => (f.data as { content: string }).content === "after removal",
    );
    expect(
      socketB.all("group").map((f) => (f.data as { content: string }).content),
    ).not.toContain("after removal");
    await socketA.close();
    await socketB.close();
  });

  it("show on B the presence of a user connected to A", async () => {
    const carol = await userOn(a, "carol");
    const dave = await userOn(b, "dave");
    const socket = await openSocket(a.url);
    await socket.bind(carol.token);
    const online = async () => {
      const res = await b.post("/enterprise/im/getContacts", {}, dave.token);
      return (res.data as Array<{ id: number; is_online: number }>).find(
        (c) => c.id === carol.userId,
      )?.is_online;
    };
    expect(await online()).toBe(1);
    await socket.close();
    // The close is recorded on A before the socket's close resolves there; poll B briefly.
    let state = await online();
    for (let i = 0; i < 50 && state !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await online();
    }
    expect(state).toBe(0);
  });

  it("show in a contact list A holds, as soon as the news arrives, a message, a read mark and a name changed through B", async () => {
    const hal = await userOn(a, "hal");
    const ivy = await userOn(a, "ivy");
    const entry = async () => {
      const res = await a.post("/enterprise/im/getContacts", {}, hal.token);
      expect(res.code).toBe(0);
      return (res.data as Contact[]).find((c) => c.id === ivy.userId);
    };
    // Read and then answered from what A holds (within LIST_READ_AGAIN_MS).
    expect((await entry())?.unread).toBe(0);
    expect((await entry())?.unread).toBe(0);
    const sent = await b.post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "through B",
        toContactId: hal.userId,
      },
      ivy.token,
    );
    expect(sent.code).toBe(0);
    expect(
      await onceToldOf(entry, (c) => c?.lastContent === "through B"),
    ).toMatchObject({ lastContent: "through B", unread: 1 });
    const read = await b.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: ivy.userId },
      hal.token,
    );
    expect(read.code).toBe(0);
    expect((await onceToldOf(entry, (c) => c?.unread === 0))?.unread).toBe(0);
    const renamed = await b.post(
      "/enterprise/im/updateUserInfo",
      { realname: "ivy renamed" },
      ivy.token,
    );
    expect(renamed.code).toBe(0);
    expect(
      (await onceToldOf(entry, (c) => c?.displayName === "ivy renamed"))
        ?.displayName,
    ).toBe("ivy renamed");
    // A also holds Ivy herself (each send looks her up): her messages carry the new name.
    const sender = await onceToldOf(
      async () => {
        const res = await a.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: "named",
            toContactId: hal.userId,
          },
          ivy.token,
        );
        return (res.data as { fromUser?: { displayName?: string } }).fromUser
          ?.displayName;
      },
      (name) => name === "ivy renamed",
    );
    expect(sender).toBe("ivy renamed");
  });

  it("close on A the socket of a session logged out through B", async () => {
    const erin = await userOn(a, "erin");
    const socket = await openSocket(a.url);
    await socket.bind(erin.token);
    expect((await b.post("/common/pub/logout", {}, erin.token)).code).toBe(0);
    expect((await socket.closed).code).toBe(4401);
  });

  it("refuse on A, as soon as the news arrives, a session A holds once it is logged out through B", async () => {
    const fay = await userOn(a, "fay");
    const call = (on: ServerProcess) =>
      on.post("/enterprise/im/getContacts", {}, fay.token);
    // A has resolved the session and holds it (each process holds live sessions).
    expect((await call(a)).code).toBe(0);
    expect((await call(a)).code).toBe(0);
    expect((await b.post("/common/pub/logout", {}, fay.token)).code).toBe(0);
    expect(
      await codeOnceToldOf(
        () => call(a),
        (code) => code !== 0,
      ),
    ).not.toBe(0);
    expect((await call(b)).code).not.toBe(0);
  });

  it("put a role changed through B in force on A as soon as the news arrives", async () => {
    const gil = await userOn(a, "gil");
    const login = await b.post("/common/pub/login", {
      account: "admin",
      password: "admin-pass1",
    });
    const admin = (login.data as { authToken: string }).authToken;
    const consoleCall = () =>
      a.post("/manage/User/index", { page: 1, limit: 20 }, gil.token);
    // Not an administrator: the console's calls answer as unknown paths.
    expect((await consoleCall()).code).not.toBe(0);
    const promoted = await b.post(
      "/manage/User/setRole",
      { user_id: gil.userId, role: 2 },
      admin,
    );
    expect(promoted.code, promoted.msg).toBe(0);
    expect(await codeOnceToldOf(consoleCall, (code) => code === 0)).toBe(0);
    const demoted = await b.post(
      "/manage/User/setRole",
      { user_id: gil.userId, role: 0 },
      admin,
    );
    expect(demoted.code, demoted.msg).toBe(0);
    expect(await codeOnceToldOf(consoleCall, (code) => code !== 0)).not.toBe(0);
  });

  it("an HTTP bindUid on B never takes over a socket bound on A", async () => {
    const frank = await userOn(a, "frank");
    const grace = await userOn(a, "grace");
    const henry = await userOn(a, "henry");
    const socket = await openSocket(a.url);
    await socket.bind(frank.token);
    const taken = await b.post(
      "/common/pub/bindUid",
      { client_id: socket.clientId },
      grace.token,
    );
    expect(taken.code).toBe(0);
    for (const [to, content] of [
      [grace.userId, "for grace"],
      [frank.userId, "for frank"],
    ] as const) {
      await b.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), type: "text", content, toContactId: to },
        henry.token,
      );
    }
    expect(
      (
        await socket.next("simple", (f) =>
          JSON.stringify(f).includes("for frank"),
        )
      ).data,
    ).toMatchObject({
      content: "for frank",
    });
    expect(
      socket
        .all("simple")
        .filter((f) => JSON.stringify(f).includes("for grace")),
    ).toHaveLength(0);
    await socket.close();
  });

  it("carry a call between processes: ringing, answer, busy on either, and its end", async () => {
    const login = await a.post("/common/pub/login", {
      account: "admin",
      password: "admin-pass1",
    });
    const adminToken = (login.data as { authToken: string }).authToken;
    const on = await a.post(
      "/manage/config/setConfig",
      { name: "chatInfo", value: { webrtc: "1" } },
      adminToken,
    );
    expect(on.code, on.msg).toBe(0);
    const ivy = await userOn(a, "ivy");
    const jon = await userOn(b, "jon");
    const kit = await userOn(b, "kit");
    const ivySocket = await openSocket(a.url);
    await ivySocket.bind(ivy.token);
    const jonSocket = await openSocket(b.url);
    await jonSocket.bind(jon.token);
    const id = randomUUID();
    const calling = await a.post(
      "/enterprise/im/sendToMsg",
      { id, toContactId: jon.userId, event: "calling", type: 0 },
      ivy.token,
    );
    expect(calling.code, calling.msg).toBe(0);
    expect((await jonSocket.next("webrtc")).data).toMatchObject({
      id,
      extends: { event: "calling" },
    });
    // Kit, on B, finds Jon busy: the call is known on every process.
    const busy = await b.post(
      "/enterprise/im/sendToMsg",
      { id: randomUUID(), toContactId: jon.userId, event: "calling" },
      kit.token,
    );
    expect(busy.data).toMatchObject({ extends: { code: 907, reason: "busy" } });
    const accepted = await b.post(
      "/enterprise/im/sendToMsg",
      { id, toContactId: ivy.userId, event: "acceptRtc" },
      jon.token,
    );
    expect(accepted.code, accepted.msg).toBe(0);
    expect(
      (
        await ivySocket.next("webrtc", (f) =>
          JSON.stringify(f).includes("acceptRtc"),
        )
      ).data,
    ).toMatchObject({ extends: { code: 904 } });
    const hangup = await b.post(
      "/enterprise/im/sendToMsg",
      { id, toContactId: ivy.userId, event: "hangup" },
      jon.token,
    );
    expect(hangup.data).toMatchObject({ extends: { code: 906 } });
    expect(
      (
        await ivySocket.next("webrtc", (f) =>
          JSON.stringify(f).includes('"hangup"'),
        )
      ).data,
    ).toMatchObject({ extends: { code: 906 } });
    // Ended on B: A answers a late step as a call that is gone.
    const late = await a.post(
      "/enterprise/im/sendToMsg",
      { id, toContactId: jon.userId, event: "offer", sdp: "v=0" },
      ivy.token,
    );
    expect(late.code).toBe(400);
    await ivySocket.close();
    await jonSocket.close();
  });

  it("tell a console socket on A of sockets binding on B, counted over both", async () => {
    const login = await a.post("/common/pub/login", {
      account: "admin",
      password: "admin-pass1",
    });
    expect(login.code, login.msg).toBe(0);
    const adminToken = (login.data as { authToken: string }).authToken;
    const console_ = await openSocket(a.url);
    await console_.bind(adminToken);
    const joined = await a.post(
      "/manage/index/index",
      { client_id: console_.clientId },
      adminToken,
    );
    expect(joined.code, joined.msg).toBe(0);
    const before = joined.data as { onlineCount: number; clientCount: number };
    const henry = await userOn(b, "henry");
    const socket = await openSocket(b.url);
    await socket.bind(henry.token);
    // B's push reaches A's socket, with A's console socket in B's count.
    const pushed = await console_.next(
      "statistics",
      (f) =>
        (f.data as { clientCount: number }).clientCount ===
        before.clientCount + 1,
    );
    expect(pushed.data).toEqual({
      onlineCount: before.onlineCount + 1,
      clientCount: before.clientCount + 1,
    });
    await socket.close();
    await console_.close();
  });
  it("put a config saved through A in force on B at once (each process holds the config)", async () => {
    const login = await a.post("/common/pub/login", {
      account: "admin",
      password: "admin-pass1",
    });
    const token = (login.data as { authToken: string }).authToken;
    const nameOn = async (on: ServerProcess) =>
      (
        (await on.post("/common/pub/getSystemInfo")).data as {
          sysInfo: { name: string };
        }
      ).sysInfo.name;
    // B has read the config and holds it.
    const before = await nameOn(b);
    const name = `Across ${randomBytes(3).toString("hex")}`;
    const saved = await a.post(
      "/manage/config/setConfig",
      { name: "sysInfo", value: { name } },
      token,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(await nameOn(b)).toBe(name);
    expect(await nameOn(a)).toBe(name);
    const back = await a.post(
      "/manage/config/setConfig",
      { name: "sysInfo", value: { name: before } },
      token,
    );
    expect(back.code, back.msg).toBe(0);
    expect(await nameOn(b)).toBe(before);
  });
});

describe("sends through both processes at once", () => {
  /** PostgreSQL's count of deadlocks in the test database; null on SQLite. */
  async function deadlocks(): Promise<number | null> {
    if (!("url" in database)) return null;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "select deadlocks as n from pg_stat_database where datname = current_database()",
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  }

  it("store every message once, seq gapless and msg_id in seq order, the same conversations in opposite orders", async () => {
    // Issue 14: each process stores a moment's sends in one statement (PostgreSQL); two
    // statements sharing conversations lock them in one order, so they wait for each other
    // instead of deadlocking. PostgreSQL counts any deadlock; none was provoked here with
    // the order taken out either, so what this shows is the stored result across both
    // processes, and that no deadlock happened.
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => ({
        left: await userOn(a, `left${String(i)}`),
        right: await userOn(b, `right${String(i)}`),
      })),
    );
    const before = await deadlocks();
    const rounds = 20;
    for (let round = 0; round < rounds; round += 1) {
      const sends = [
        ...pairs.map(({ left, right }) => [a, left, right] as const),
        ...[...pairs]
          .reverse()
          .map(({ left, right }) => [b, right, left] as const),
      ].map(([on, from, to]) =>
        on.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: `round ${String(round)}`,
            toContactId: to.userId,
          },
          from.token,
        ),
      );
      for (const answer of await Promise.all(sends))
        expect(answer.code, answer.msg).toBe(0);
    }
    for (const { left, right } of pairs) {
      const page = await a.post(
        "/enterprise/im/getMessageList",
        { toContactId: right.userId, limit: 100 },
        left.token,
      );
      // A refusal says why (it once failed here, under a loaded CI run, without saying).
      expect(page.code, page.msg).toBe(0);
      const messages = page.data as Array<{ seq: number; msg_id: number }>;
      expect(messages.map((m) => m.seq)).toEqual(
        Array.from({ length: rounds * 2 }, (_, i) => i + 1),
      );
      const ids = messages.map((m) => m.msg_id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    const after = await deadlocks();
    expect(after).toBe(before);
  });

  it("store group and one-to-one sends from both processes at once, each group's seq gapless", async () => {
    // Group sends share the batched statement with one-to-one sends (SendBatch): three
    // groups whose members send through both processes in opposite orders, while a pair
    // chats one-to-one, lose nothing, number each group's messages without a gap, keep
    // msg_id in seq order, and deadlock nowhere.
    const people = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        userOn(i % 2 === 0 ? a : b, `mixed${String(i)}`),
      ),
    );
    const [p0, p1, p2, p3] = people;
    if (!p0 || !p1 || !p2 || !p3) throw new Error("four people");
    const groups = await Promise.all(
      [0, 1, 2].map(async (g) => {
        const created = await a.post(
          "/enterprise/group/add",
          {
            name: `Mixed ${String(g)}`,
            user_ids: [p1.userId, p2.userId, p3.userId],
          },
          p0.token,
        );
        expect(created.code, created.msg).toBe(0);
        return (created.data as { id: string }).id;
      }),
    );
    const before = await deadlocks();
    const rounds = 10;
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? groups : [...groups].reverse();
      const sends = [
        ...order.flatMap((group, g) =>
          people.map((person, i) =>
            (i % 2 === g % 2 ? a : b).post(
              "/enterprise/im/sendMessage",
              {
                id: randomUUID(),
                type: "text",
                content: `round ${String(round)}`,
                toContactId: group,
              },
              person.token,
            ),
          ),
        ),
        a.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: `direct ${String(round)}`,
            toContactId: p1.userId,
          },
          p0.token,
        ),
        b.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: `reply ${String(round)}`,
            toContactId: p0.userId,
          },
          p1.token,
        ),
      ];
      for (const answer of await Promise.all(sends))
        expect(answer.code, answer.msg).toBe(0);
    }
    for (const group of groups) {
      const page = await b.post(
        "/enterprise/im/getMessageList",
        { toContactId: group, limit: 100 },
        p3.token,
      );
      expect(page.code, page.msg).toBe(0);
      const sent = (
        page.data as Array<{ seq: number; msg_id: number; type: string }>
      ).filter((m) => m.type === "text");
      expect(sent).toHaveLength(rounds * people.length);
      const seqs = sent.map((m) => m.seq);
      // Each message one more than the one before (the group's opening lines come first).
      expect(seqs).toEqual(
        Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i),
      );
      const ids = sent.map((m) => m.msg_id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    const direct = await a.post(
      "/enterprise/im/getMessageList",
      { toContactId: p1.userId, limit: 100 },
      p0.token,
    );
    expect((direct.data as Array<{ seq: number }>).map((m) => m.seq)).toEqual(
      Array.from({ length: rounds * 2 }, (_, i) => i + 1),
    );
    expect(await deadlocks()).toBe(before);
  });
});

describe("a process whose Redis is down", () => {
  it("keeps serving its own sockets and acknowledges nothing it did not store", async () => {
    const lonely = await startServerProcess(database, {
      REDIS_URL: "redis://127.0.0.1:1",
      REDIS_PREFIX: prefix,
    });
    try {
      const henry = await userOn(lonely, "henry");
      const iris = await userOn(lonely, "iris");
      const socket = await openSocket(lonely.url);
      await socket.bind(iris.token);
      const id = randomUUID();
      const sent = await lonely.post(
        "/enterprise/im/sendMessage",
        { id, type: "text", content: "no redis", toContactId: iris.userId },
        henry.token,
      );
      expect(sent.code, sent.msg).toBe(0);
      expect((await socket.next("simple")).data).toMatchObject({ id });
      const history = await lonely.post(
        "/enterprise/im/getMessageList",
        { toContactId: henry.userId },
        iris.token,
      );
      expect(
        (history.data as Array<{ id: string }>).map((m) => m.id),
      ).toContain(id);
      await socket.close();
    } finally {
      await lonely.kill();
    }
  });
});
