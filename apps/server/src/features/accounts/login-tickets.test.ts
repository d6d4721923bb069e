import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  disableUser,
  mintTicket,
  registerAndLogin,
} from "../../../test/factories.js";
import { ManualClock } from "../../lib/clock.js";
import { hashSecret } from "../../lib/ids.js";
import { MemoryKeys, type SharedKeys } from "../../lib/shared-keys.js";
import { LOGIN_TICKET_TTL_S, LoginTickets } from "./login-tickets.js";

/*
 * Issue 51 item 22: `/#/login?token=` carried a live session token, so a link could sign a
 * visitor into someone else's account (login CSRF). It now carries a one-time login ticket
 * (`enterprise/im/loginTicket`): single use, 60 s, its minter's only; a session token in
 * `token` is refused like any unknown string and opens no session.
 *
 * With TEST_REDIS_URL the suite's app keeps its tickets in Redis, as several processes do.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const keyPrefix = `test-${randomUUID()}`;

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp(redisUrl ? { REDIS_URL: redisUrl } : {}, {
    keyPrefix,
  });
});
afterAll(async () => {
  await api.close();
});

const login = (app: TestApp, token: unknown, json = false) =>
  app.post("/common/pub/login", { token }, { json });

const sessions = (app: TestApp = api) => countRows(app, "sessions");

/** A string shaped like a ticket (and like a session token): 256 random bits, base64url. */
const randomTicket = () => randomBytes(32).toString("base64url");

interface Signed {
  authToken: string;
  sessionId: string;
  userInfo: { user_id: number };
}

describe("enterprise/im/loginTicket", () => {
  it("answers a 256-bit ticket, its link and 60 s", async () => {
    const user = await registerAndLogin(api);
    const minted = await api.post(
      "/enterprise/im/loginTicket",
      {},
      { token: user.token },
    );
    expect(minted.code, minted.msg).toBe(0);
    const data = minted.data as {
      ticket: string;
      url: string;
      expiresIn: number;
    };
    expect(data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No PUBLIC_URL in the tests: the link is relative to wherever the client loaded us.
    expect(data.url).toBe(`/#/login?token=${data.ticket}`);
    expect(data.expiresIn).toBe(60);
    expect(await mintTicket(api, user.token)).not.toBe(data.ticket);
  });

  it("builds the link on PUBLIC_URL", async () => {
    const hosted = await startTestApp({ PUBLIC_URL: "https://chat.example" });
    try {
      const user = await registerAndLogin(hosted);
      const minted = await hosted.post(
        "/enterprise/im/loginTicket",
        {},
        { token: user.token },
      );
      const data = minted.data as { ticket: string; url: string };
      expect(data.url).toBe(
        `https://chat.example/#/login?token=${data.ticket}`,
      );
    } finally {
      await hosted.close();
    }
  });

  it.each<{ name: string; token: () => Promise<string | undefined> }>([
    { name: "no session", token: () => Promise.resolve(undefined) },
    {
      name: "a made-up session",
      token: () => Promise.resolve(`bearer ${randomTicket()}`),
    },
    {
      name: "a ticket in place of a session",
      token: async () =>
        `bearer ${await mintTicket(api, (await registerAndLogin(api)).token)}`,
    },
  ])("needs a session: $name answers -1, never a 500", async ({ token }) => {
    const res = await api.post(
      "/enterprise/im/loginTicket",
      {},
      { token: await token() },
    );
    expect(res.status).toBe(200);
    expect(res.code).toBe(-1);
    expect(res.data).toBe("");
  });

  it("needs a live session: one logged out mints nothing", async () => {
    const user = await registerAndLogin(api);
    await api.post("/common/pub/logout", {}, { token: user.token });
    const res = await api.post(
      "/enterprise/im/loginTicket",
      {},
      { token: user.token },
    );
    expect(res.code).toBe(-1);
  });
});

describe("common/pub/login with a ticket", () => {
  it("signs its minter in once, into a new session under the minter's", async () => {
    const user = await registerAndLogin(api);
    const ticket = await mintTicket(api, user.token);
    const before = await sessions();

    const first = await login(api, ticket);
    expect(first.code, first.msg).toBe(0);
    const signed = first.data as Signed;
    expect(signed.userInfo.user_id).toBe(user.userId);
    expect(signed.authToken).not.toBe(user.token);
    expect(await sessions()).toBe(before + 1);
    const contacts = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: signed.authToken },
    );
    expect(contacts.code, contacts.msg).toBe(0);
    const row = await api.db
      .selectFrom("sessions")
      .select(["user_id", "login_method", "parent_session_id"])
      .where("session_id", "=", Number(signed.sessionId))
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.userId);
    expect(row.login_method).toBe("token");
    expect(row.parent_session_id).not.toBeNull();

    const again = await login(api, ticket);
    expect(again.code).toBe(400);
    expect(again.key).toBe("login.tokenInvalid");
    expect(await sessions()).toBe(before + 1);
  });

  it("signs in only its minter, whoever sends it and whatever the mint was told", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    // Fields of the mint are dropped: nobody mints for another user.
    const minted = await api.post(
      "/enterprise/im/loginTicket",
      { userId: alice.userId, user_id: alice.userId },
      { token: bob.token },
    );
    const bobsTicket = (minted.data as { ticket: string }).ticket;
    const asBob = await login(api, bobsTicket);
    expect((asBob.data as Signed).userInfo.user_id).toBe(bob.userId);

    // Sent with Bob's session, Alice's ticket opens Alice's session, not Bob's.
    const alicesTicket = await mintTicket(api, alice.token);
    const sent = await api.post(
      "/common/pub/login",
      { token: alicesTicket },
      { token: bob.token },
    );
    expect((sent.data as Signed).userInfo.user_id).toBe(alice.userId);
  });

  it("refuses a live session token, bare or `bearer`, exactly as a stranger's string, and opens no session", async () => {
    const user = await registerAndLogin(api);
    const bare = user.token.replace(/^bearer /, "");
    const before = await sessions();
    const stranger = await login(api, randomTicket());
    const answers = await Promise.all(
      [user.token, bare, `Bearer  ${bare}`, ` ${bare} `].map((token) =>
        login(api, token),
      ),
    );
    for (const answer of [stranger, ...answers]) {
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(400);
      expect(answer.key).toBe("login.tokenInvalid");
      expect(answer.msg).toBe(stranger.msg);
      expect(answer.data).toBe("");
    }
    expect(await sessions()).toBe(before);
    // The session itself is untouched.
    const still = await api.post(
      "/enterprise/im/getContacts",
      {},
      { token: user.token },
    );
    expect(still.code).toBe(0);
  });

  it.each<{ name: string; token: string }>([
    { name: "a random ticket-shaped string", token: randomTicket() },
    { name: "a short string", token: "abc" },
    { name: "a ticket with a character changed", token: "changed" },
  ])("refuses $name", async ({ token }) => {
    const user = await registerAndLogin(api);
    let value = token;
    if (token === "changed") {
      const ticket = await mintTicket(api, user.token);
      value = `${ticket.slice(0, -1)}${ticket.endsWith("A") ? "B" : "A"}`;
    }
    const before = await sessions();
    const res = await login(api, value);
    expect(res.code).toBe(400);
    expect(res.key).toBe("login.tokenInvalid");
    expect(await sessions()).toBe(before);
  });

  it("two logins at once with one ticket: exactly one wins", async () => {
    const user = await registerAndLogin(api);
    const ticket = await mintTicket(api, user.token);
    const before = await sessions();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(api, ticket)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(
      answers.filter((a) => a.code === 400 && a.key === "login.tokenInvalid"),
    ).toHaveLength(11);
    expect(await sessions()).toBe(before + 1);
  });

  it("refuses a disabled user's ticket like an unknown one", async () => {
    const user = await registerAndLogin(api);
    const ticket = await mintTicket(api, user.token);
    await disableUser(api, user.userId);
    const before = await sessions();
    const res = await login(api, ticket);
    expect(res.code).toBe(400);
    expect(res.key).toBe("login.tokenInvalid");
    expect(await sessions()).toBe(before);
  });

  it("refuses a ticket whose session ended since (a stolen session outlives nothing)", async () => {
    const user = await registerAndLogin(api);
    const ticket = await mintTicket(api, user.token);
    await api.post("/common/pub/logout", {}, { token: user.token });
    const res = await login(api, ticket);
    expect(res.key).toBe("login.tokenInvalid");
  });

  it("expires after 60 s", async () => {
    // Expiry is read on the app's clock with memory keys; Redis keeps real time, so with
    // TEST_REDIS_URL it is a second app without Redis, and Redis's own TTL is read below.
    const local = redisUrl ? await startTestApp() : api;
    try {
      const user = await registerAndLogin(local);
      const inTime = await mintTicket(local, user.token);
      const late = await mintTicket(local, user.token);
      local.clock.advance(LOGIN_TICKET_TTL_S * 1000 - 1000);
      expect((await login(local, inTime)).code).toBe(0);
      local.clock.advance(1000);
      const expired = await login(local, late);
      expect(expired.code).toBe(400);
      expect(expired.key).toBe("login.tokenInvalid");
    } finally {
      if (local !== api) await local.close();
    }
  });

  it.each<{ name: string; token: unknown; json?: boolean }>([
    { name: "10,000 characters", token: "a".repeat(10_000) },
    { name: "513 characters", token: "a".repeat(513) },
    { name: "empty", token: "" },
    { name: "spaces", token: "   " },
    { name: "a form array", token: ["a", "b"] },
    { name: "a form object", token: { a: "1" } },
    { name: "a JSON array", token: [randomTicket()], json: true },
    { name: "a JSON object", token: { $gt: "" }, json: true },
    { name: "JSON null", token: null, json: true },
    { name: "a JSON number", token: 12345, json: true },
    { name: "a NUL byte", token: `${randomTicket().slice(1)}\u0000` },
  ])("answers $name with a clear refusal, never a 500", async (c) => {
    const before = await sessions();
    const res = await login(api, c.token, c.json === true);
    expect(res.status).toBe(200);
    expect(res.code).not.toBe(0);
    expect(res.code).not.toBe(500);
    expect(res.msg.trim()).not.toBe("");
    expect(res.msg).not.toBe(res.key);
    expect(await sessions()).toBe(before);
  });
});

describe("limits", () => {
  it("mints at most RATE_TICKET_USER per user in the window, at once or not", async () => {
    const limited = await startTestApp({ RATE_TICKET_USER: "3" });
    try {
      const user = await registerAndLogin(limited);
      const other = await registerAndLogin(limited);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          limited.post("/enterprise/im/loginTicket", {}, { token: user.token }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
      const refused = answers.filter((a) => a.code === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]?.key).toBe("request.rateLimited");
      // Per user: another one still mints.
      expect((await mintTicket(limited, other.token)).length).toBe(43);
    } finally {
      await limited.close();
    }
  });

  it("counts wrong tickets and session tokens against the address's login limit", async () => {
    // A 1-second window (limits keep real time), so the test can wait it out.
    const limited = await startTestApp({
      RATE_LOGIN_IP: "3",
      RATE_LOGIN_WINDOW_S: "1",
    });
    try {
      const user = await registerAndLogin(limited);
      const ticket = await mintTicket(limited, user.token);
      for (const token of [randomTicket(), user.token, "x"])
        expect((await login(limited, token)).code).toBe(400);
      const blocked = await login(limited, ticket);
      expect(blocked.code).toBe(429);
      expect(blocked.key).toBe("request.rateLimited");
      // Blocked before the lookup: the ticket was not spent, and works once the window ends.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await login(limited, ticket)).code).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe("across processes (two apps on one Redis)", () => {
  it("a ticket minted on one is taken once, whichever process the logins reach", async () => {
    const url = redisUrl ?? "redis://127.0.0.1:6379";
    const shared = `test-${randomUUID()}`;
    const one = await startTestApp({ REDIS_URL: url }, { keyPrefix: shared });
    const two = await startTestApp(
      { REDIS_URL: url },
      { keyPrefix: shared, testDb: one.testDb },
    );
    try {
      const user = await registerAndLogin(one);
      const crossed = await login(two, await mintTicket(one, user.token));
      expect((crossed.data as Signed).userInfo.user_id).toBe(user.userId);

      const ticket = await mintTicket(two, user.token);
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          login(i % 2 === 0 ? one : two, ticket),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(
        answers.filter((a) => a.key === "login.tokenInvalid"),
      ).toHaveLength(15);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it("keeps a ticket in Redis by its SHA-256, for at most 60 s", async () => {
    const url = redisUrl ?? "redis://127.0.0.1:6379";
    const shared = `test-${randomUUID()}`;
    const app = await startTestApp({ REDIS_URL: url }, { keyPrefix: shared });
    const redis = new Redis(url);
    try {
      const user = await registerAndLogin(app);
      const ticket = await mintTicket(app, user.token);
      const key = `${shared}:k:login-ticket:${hashSecret(ticket)}`;
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LOGIN_TICKET_TTL_S * 1000);
      const stored = await redis.keys(`${shared}:*`);
      expect(stored).toContain(key);
      expect(stored.some((name) => name.includes(ticket))).toBe(false);
      const minter = await app.db
        .selectFrom("sessions")
        .select("session_id")
        .where("user_id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(await redis.get(key)).toBe(
        JSON.stringify({ userId: user.userId, sessionId: minter.session_id }),
      );
      expect((await login(app, ticket)).code).toBe(0);
      expect(await redis.exists(key)).toBe(0);
    } finally {
      redis.disconnect();
      await app.close();
    }
  });
});

describe("LoginTickets", () => {
  /** Memory keys that note every key written. */
  function recordingKeys(): { keys: SharedKeys; written: string[] } {
    const inner = new MemoryKeys(new ManualClock(0));
    const written: string[] = [];
    const keys: SharedKeys = {
      claim: (key, value, ttl) => {
        written.push(`${key}=${value}`);
        return inner.claim(key, value, ttl);
      },
      get: (key) => inner.get(key),
      set: (key, value, ttl) => inner.set(key, value, ttl),
      replace: (key, value, ttl) => inner.replace(key, value, ttl),
      extend: (key, value, ttl) => inner.extend(key, value, ttl),
      release: (key, value) => inner.release(key, value),
      delete: (key) => inner.delete(key),
    };
    return { keys, written };
  }

  it("stores the ticket's SHA-256, never the ticket", async () => {
    const { keys, written } = recordingKeys();
    const tickets = new LoginTickets(keys);
    const ticket = await tickets.mint({ userId: 7, sessionId: 9 });
    expect(written).toEqual([
      `login-ticket:${hashSecret(ticket)}={"userId":7,"sessionId":9}`,
    ]);
    expect(await tickets.consume(ticket)).toEqual({ userId: 7, sessionId: 9 });
    expect(await tickets.consume(ticket)).toBeNull();
  });

  it("keeps a grant without a session (the SSO code to come)", async () => {
    const tickets = new LoginTickets(recordingKeys().keys);
    const ticket = await tickets.mint({ userId: 3, sessionId: null });
    expect(await tickets.consume(ticket)).toEqual({
      userId: 3,
      sessionId: null,
    });
  });

  it("takes nothing for a string not shaped like a ticket, nor for a foreign value", async () => {
    const { keys } = recordingKeys();
    const tickets = new LoginTickets(keys);
    const ticket = randomTicket();
    await keys.set(`login-ticket:${hashSecret(ticket)}`, "not json", 60_000);
    expect(await tickets.consume(ticket)).toBeNull();
    expect(await tickets.consume(`bearer ${randomTicket()}`)).toBeNull();
  });
});
