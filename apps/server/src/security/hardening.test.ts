import { randomUUID } from "node:crypto";
import { CloseCodes, SocketLimits } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import {
  countRows,
  mintTicket,
  newAccount,
  registerAndLogin,
} from "../../test/factories.js";
import { startOwnRedis } from "../../test/redis-server.js";
import { openSocket } from "../../test/ws-client.js";

/*
 * The breaks of issue 7, each a test named after it: found by attacking the server from
 * outside, they fail on the code before the fix.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

describe("8. links never carry another user's Host header", () => {
  it("a send with a forged Host pushes no address of it to the recipient", async () => {
    const sender = await registerAndLogin(api);
    const recipient = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(recipient.token);
    const answer = await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "hi", toContactId: recipient.userId },
      { token: sender.token, headers: { Host: "evil.example" } },
    );
    expect(answer.code).toBe(0);
    const pushed = await socket.next("simple");
    expect(JSON.stringify(pushed)).not.toContain("evil.example");
    expect(JSON.stringify(answer.data)).not.toContain("evil.example");
    await socket.close();
  });
});

describe("9. security headers on every answer", () => {
  it("the web client's page and the API carry CSP, nosniff, referrer and permissions policies", async () => {
    const responses = [
      await fetch(`${api.url}/common/pub/getSystemInfo`, { method: "POST" }),
      await fetch(`${api.url}/no/such/page`),
    ];
    for (const response of responses) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/connect-src[^;]*wss:/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(response.headers.get("permissions-policy")).toContain(
        "camera=(self)",
      );
      expect(response.headers.get("permissions-policy")).toContain(
        "microphone=(self)",
      );
    }
  });
});

describe("11. every malformed request answers a 400 envelope", () => {
  it.each([
    {
      name: "multipart without a boundary",
      type: "multipart/form-data",
      key: "request.invalid",
    },
    {
      name: "multipart with a boundary the body lacks (no fields at all)",
      type: "multipart/form-data; boundary=xyz",
      key: "login.accountRequired",
    },
  ])("$name", async ({ type, key }) => {
    const response = await fetch(`${api.url}/common/pub/login`, {
      method: "POST",
      headers: { "Content-Type": type },
      body: "account=a&password=b",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; key: string };
    expect(body.code).toBe(400);
    expect(body.key).toBe(key);
  });
});

describe("13. the length rule counts what the user typed", () => {
  it("600 typed '<' (stored as 2,400 characters) are accepted", async () => {
    const sender = await registerAndLogin(api);
    const recipient = await registerAndLogin(api);
    const send = (content: string) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), content, toContactId: recipient.userId },
        { token: sender.token },
      );
    const lessThans = await send("<".repeat(600));
    expect(lessThans.code).toBe(0);
    expect((lessThans.data as { content: string }).content).toBe(
      "&lt;".repeat(600),
    );
    // An existing client posts what it typed as HTML: entities count as one character.
    expect((await send("&lt;".repeat(2048))).code).toBe(0);
    const over = await send("&amp;".repeat(2049));
    expect(over.code).toBe(400);
    expect(over.key).toBe("message.tooLong");
  });
});

describe("a client id reused for another message", () => {
  it("is refused with a stable key; an identical retry answers the stored message", async () => {
    const sender = await registerAndLogin(api);
    const first = await registerAndLogin(api);
    const second = await registerAndLogin(api);
    const id = randomUUID();
    const send = (content: string, to: number) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id, content, toContactId: to },
        { token: sender.token },
      );
    const sent = await send("hello", first.userId);
    expect(sent.code).toBe(0);
    const retry = await send("hello", first.userId);
    expect(retry.code).toBe(0);
    expect(retry.data).toEqual(sent.data);
    for (const [content, to] of [
      ["hello, edited", first.userId],
      ["hello", second.userId],
    ] as const) {
      const reused = await send(content, to);
      expect(reused.code).toBe(400);
      expect(reused.key).toBe("message.idReused");
    }
    const history = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: second.userId },
      { token: sender.token },
    );
    expect(history.data).toEqual([]);
  });
});

describe("2. a form body is parsed only within the limits of its call", () => {
  const form = (body: string) =>
    api.post(
      "/common/pub/login",
      {},
      {
        raw: body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      },
    );

  it("20,000 array entries in a field the call reads are refused before parsing", async () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `account[${i}]=1`);
    const answer = await form(body.join("&"));
    expect(answer.code).toBe(400);
    expect(answer.key).toBe("request.tooLarge");
  });

  it("20,000 entries of a field the call does not read are dropped unparsed", async () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `a[${i}]=1`);
    const answer = await form(`${body.join("&")}&account=someone`);
    expect(answer.code).toBe(400);
    expect(answer.key).toBe("login.passwordRequired");
  });

  it("an existing client's long list of unread messages still marks the chat read", async () => {
    const reader = await registerAndLogin(api);
    const writer = await registerAndLogin(api);
    const sent = await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "unread", toContactId: reader.userId },
      { token: writer.token },
    );
    expect(sent.code).toBe(0);
    const messages = Array.from({ length: 300 }, () => sent.data);
    const answer = await api.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: writer.userId, fromUser: writer.userId, messages },
      { token: reader.token },
    );
    expect(answer.code).toBe(0);
    const history = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: reader.userId },
      { token: writer.token },
    );
    expect((history.data as Array<{ is_read: number }>)[0]?.is_read).toBe(1);
  });
});

describe("10. a socket binds only to the session that opened it", () => {
  it("another user's HTTP bindUid with a known client id takes nothing over", async () => {
    const victim = await registerAndLogin(api);
    const attacker = await registerAndLogin(api);
    const writer = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(victim.token);
    for (const path of ["/common/pub/bindUid", "/common/pub/bindClientId"]) {
      const answer = await api.post(
        path,
        { client_id: socket.clientId },
        { token: attacker.token },
      );
      expect(answer.code).toBe(0);
    }
    const send = (to: number, content: string) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), content, toContactId: to },
        { token: writer.token },
      );
    await send(attacker.userId, "for the attacker");
    await send(victim.userId, "for the victim");
    const pushed = await socket.next("simple");
    expect(pushed.data).toMatchObject({ content: "for the victim" });
    expect(
      socket
        .all("simple")
        .some((f) => JSON.stringify(f).includes("for the attacker")),
    ).toBe(false);
    await socket.close();
  });
});

describe("5. a socket closes when its session expires", () => {
  it("two days past a one-day session the bound socket is closed with 4401", async () => {
    const timed = await startTestApp(
      {},
      { realtime: { heartbeatMs: 100, bindTimeoutMs: 5_000 } },
    );
    try {
      const user = await registerAndLogin(timed);
      const login = await timed.post("/common/pub/login", {
        account: user.account,
        password: user.password,
        rememberMe: 0,
      });
      const token = (login.data as { authToken: string }).authToken;
      const socket = await openSocket(timed.url);
      await socket.bind(token);
      timed.clock.advance(2 * 24 * 3600 * 1000);
      expect((await socket.closed).code).toBe(CloseCodes.sessionEnded);
      const http = await timed.post(
        "/enterprise/im/getContacts",
        {},
        { token },
      );
      expect(http.code).toBe(-1);
    } finally {
      await timed.close();
    }
  });
});

describe("6. a token login never outlives or outranks its source", () => {
  it("ends no later than its source, and with the source's logout", async () => {
    const user = await registerAndLogin(api);
    const short = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
      rememberMe: 0,
    });
    const source = short.data as { authToken: string; expiresAt: number };
    // Issue 51 item 22: the link carries a ticket the source mints, never its token.
    const derived = await api.post("/common/pub/login", {
      token: await mintTicket(api, source.authToken),
      rememberMe: 1,
    });
    expect(derived.code).toBe(0);
    const child = derived.data as { authToken: string; expiresAt: number };
    expect(child.expiresAt).toBeLessThanOrEqual(source.expiresAt);
    const grandchild = await api.post("/common/pub/login", {
      token: await mintTicket(api, child.authToken),
    });
    const grand = grandchild.data as { authToken: string };
    const socket = await openSocket(api.url);
    await socket.bind(grand.authToken);

    await api.post("/common/pub/logout", {}, { token: source.authToken });
    for (const token of [child.authToken, grand.authToken]) {
      const answer = await api.post(
        "/enterprise/im/getContacts",
        {},
        { token },
      );
      expect(answer.code).toBe(-1);
    }
    expect((await socket.closed).code).toBe(CloseCodes.sessionEnded);
    // The user's other sessions are not touched.
    const other = await api.post(
      "/enterprise/im/getContacts",
      {},
      {
        token: user.token,
      },
    );
    expect(other.code).toBe(0);
  });
});

describe("12. accounts are unique whatever their letter case", () => {
  it("refuses a case variant of an existing account, and logs in by any case", async () => {
    const account = `Case${randomUUID().slice(0, 8)}@Example.com`;
    const first = await api.post("/common/pub/register", {
      account,
      realname: "Original",
      password: "secret12",
    });
    expect(first.code).toBe(0);
    const variant = await api.post("/common/pub/register", {
      account: account.toLowerCase(),
      realname: "Administrator",
      password: "secret12",
    });
    expect(variant.code).toBe(400);
    expect(variant.key).toBe("register.accountTaken");
    const login = await api.post("/common/pub/login", {
      account: account.toUpperCase(),
      password: "secret12",
    });
    expect(login.code).toBe(0);
    expect(
      (login.data as { userInfo: { account: string } }).userInfo.account,
    ).toBe(account);
  });
});

describe("1. rate limits hold under parallel requests", () => {
  const stranger = { headers: { "User-Agent": "parallel-attacker" } };

  it("60 parallel logins for one account check at most 5 passwords, and the right one on the 60th is blocked", async () => {
    const limited = await startTestApp({
      RATE_LOGIN_ACCOUNT: "5",
      RATE_LOGIN_IP: "1000",
    });
    try {
      const user = await registerAndLogin(limited);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          limited.post(
            "/common/pub/login",
            {
              account: user.account,
              password: i === 59 ? user.password : "wrong-pass",
            },
            stranger,
          ),
        ),
      );
      const checked = answers.filter((a) => a.code !== 429);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(
        answers.filter((a) => a.code === 429).length,
      ).toBeGreaterThanOrEqual(55);
    } finally {
      await limited.close();
    }
  });

  it("one address's parallel logins over many accounts stop at its limit", async () => {
    const limited = await startTestApp({
      RATE_LOGIN_ACCOUNT: "0",
      RATE_LOGIN_IP: "20",
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          limited.post(
            "/common/pub/login",
            { account: `nobody${i}`, password: "wrong-pass" },
            stranger,
          ),
        ),
      );
      expect(answers.filter((a) => a.code !== 429).length).toBe(20);
    } finally {
      await limited.close();
    }
  });

  it("parallel registrations from one address make exactly the allowed number of accounts", async () => {
    const limited = await startTestApp({ RATE_REGISTER_IP: "5" });
    try {
      const before = await countRows(limited, "users");
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          limited.post("/common/pub/register", {
            account: newAccount("burst"),
            realname: "Burst",
            password: "secret12",
          }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
      expect(answers.filter((a) => a.code === 429)).toHaveLength(35);
      expect((await countRows(limited, "users")) - before).toBe(5);
    } finally {
      await limited.close();
    }
  });

  it("two processes sharing Redis share one account limit", async () => {
    const redis = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const env = {
      RATE_LOGIN_ACCOUNT: "5",
      RATE_LOGIN_IP: "1000",
      REDIS_URL: redis,
    };
    const keyPrefix = `test-${randomUUID()}`;
    const one = await startTestApp(env, { keyPrefix });
    const two = await startTestApp(env, { keyPrefix, testDb: one.testDb });
    try {
      const user = await registerAndLogin(one);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? one : two).post(
            "/common/pub/login",
            { account: user.account, password: "wrong-pass" },
            stranger,
          ),
        ),
      );
      expect(answers.filter((a) => a.code !== 429).length).toBeLessThanOrEqual(
        5,
      );
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe("3. a socket that floods is closed", () => {
  it("an unbound socket sending pings as fast as it can is closed with 4429 after its share", async () => {
    const socket = await openSocket(api.url);
    for (let i = 0; i < 200; i += 1) socket.send({ type: "ping" });
    expect((await socket.closed).code).toBe(CloseCodes.tooManyFrames);
    expect(socket.all("pong").length).toBeLessThanOrEqual(SocketLimits.frames);
  });

  it("binds are limited apart: the sixth bindUid in a window closes the socket", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    for (let i = 0; i < SocketLimits.binds + 1; i += 1)
      socket.send({ type: "bindUid", token: user.token });
    expect((await socket.closed).code).toBe(CloseCodes.tooManyFrames);
    expect(socket.all("pong").length).toBeLessThanOrEqual(SocketLimits.binds);
  });

  it("a client that pings at its own pace is never closed", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    for (let i = 0; i < 5; i += 1) {
      socket.send({ type: "ping" });
      await socket.next("pong");
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});

describe("4. a hung Redis never hangs the server", () => {
  it("with Redis stopped (SIGSTOP), sends are acknowledged and delivered here, logins and contacts answer", async () => {
    const redis = await startOwnRedis();
    const hung = await startTestApp({
      REDIS_URL: redis.url,
      RATE_LOGIN_ACCOUNT: "5",
    });
    try {
      const sender = await registerAndLogin(hung);
      const recipient = await registerAndLogin(hung);
      const socket = await openSocket(hung.url);
      await socket.bind(recipient.token);
      redis.freeze();

      const sent = await hung.post(
        "/enterprise/im/sendMessage",
        {
          id: randomUUID(),
          content: "while redis hangs",
          toContactId: recipient.userId,
        },
        { token: sender.token },
      );
      expect(sent.code).toBe(0);
      expect((await socket.next("simple")).data).toMatchObject({
        content: "while redis hangs",
      });
      const login = await hung.post("/common/pub/login", {
        account: sender.account,
        password: sender.password,
      });
      expect(login.code).toBe(0);
      const contacts = await hung.post(
        "/enterprise/im/getContacts",
        {},
        {
          token: recipient.token,
        },
      );
      expect(contacts.code).toBe(0);
      await socket.close();
    } finally {
      redis.thaw();
      await hung.close();
      await redis.stop();
    }
  });
});

describe("7. presence goes only to those who can see it", () => {
  it("a user with a chat sees the other come online; a stranger gets no frame", async () => {
    const user = await registerAndLogin(api);
    const chatting = await registerAndLogin(api);
    const stranger = await registerAndLogin(api);
    await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "hello", toContactId: user.userId },
      { token: chatting.token },
    );
    const chatSocket = await openSocket(api.url);
    await chatSocket.bind(chatting.token);
    const strangerSocket = await openSocket(api.url);
    await strangerSocket.bind(stranger.token);

    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    const online = await chatSocket.next(
      "isOnline",
      (f) => (f.data as { id: number }).id === user.userId,
    );
    expect(online.data).toEqual({ id: user.userId, is_online: 1 });
    // The stranger's socket is still answered (a ping round trip) and got nothing of it.
    strangerSocket.send({ type: "ping" });
    await strangerSocket.next("pong");
    expect(
      strangerSocket
        .all("isOnline")
        .filter((f) => (f.data as { id: number }).id === user.userId),
    ).toHaveLength(0);
    await Promise.all([
      socket.close(),
      chatSocket.close(),
      strangerSocket.close(),
    ]);
  });

  it("binding many users who share no chat sends no presence frames at all", async () => {
    const users = await Promise.all(
      Array.from({ length: 30 }, () => registerAndLogin(api)),
    );
    const sockets = [];
    for (const user of users) {
      const socket = await openSocket(api.url);
      await socket.bind(user.token);
      sockets.push(socket);
    }
    const last = sockets.at(-1);
    last?.send({ type: "ping" });
    await last?.next("pong");
    const frames = sockets.reduce((n, s) => n + s.all("isOnline").length, 0);
    expect(frames).toBe(0);
    await Promise.all(sockets.map((s) => s.close()));
  });
});

describe("offline and bindUid act only for the caller's own session", () => {
  it("another user's offline call changes nothing for the named user", async () => {
    const victim = await registerAndLogin(api);
    const attacker = await registerAndLogin(api);
    const friend = await registerAndLogin(api);
    await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "hi", toContactId: victim.userId },
      { token: friend.token },
    );
    const watch = await openSocket(api.url);
    await watch.bind(friend.token);
    const socket = await openSocket(api.url);
    await socket.bind(victim.token);
    await watch.next(
      "isOnline",
      (f) => (f.data as { id: number }).id === victim.userId,
    );

    const answer = await api.post(
      "/common/pub/offline",
      { user_id: victim.userId },
      { token: attacker.token },
    );
    expect(answer.code).toBe(0);
    watch.send({ type: "ping" });
    await watch.next("pong");
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(
      watch
        .all("isOnline")
        .filter((f) => (f.data as { is_online: number }).is_online === 0),
    ).toHaveLength(0);
    const listed = await api.post(
      "/enterprise/im/getContacts",
      {},
      {
        token: friend.token,
      },
    );
    expect(
      (listed.data as Array<{ id: number; is_online: number }>).find(
        (c) => c.id === victim.userId,
      )?.is_online,
    ).toBe(1);
    await Promise.all([socket.close(), watch.close()]);
  });
});
