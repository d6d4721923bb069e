import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { disableUser, registerAndLogin } from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";
import { writeConfig } from "../system/system.repository.js";
import { SESSION_READ_AGAIN_MS } from "./sessions.service.js";

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const contacts = (token: string) =>
  api.post("/enterprise/im/getContacts", {}, { token });

describe("sessions", () => {
  it("are held by each process for a short while: a revocation no process heard of counts after SESSION_READ_AGAIN_MS", async () => {
    const user = await registerAndLogin(api);
    expect((await contacts(user.token)).code).toBe(0);
    // Ended behind the services' backs, with no news: the held session answers a moment.
    await api.db
      .updateTable("sessions")
      .set({ revoked_at: api.clock.now(), revoke_reason: "logout" })
      .where("user_id", "=", user.userId)
      .execute();
    expect((await contacts(user.token)).code).toBe(0);
    api.clock.advance(SESSION_READ_AGAIN_MS);
    const refused = await contacts(user.token);
    expect(refused.code).toBe(-1);
    expect(refused.key).toBe("session.expired");
    // Refused again: an ended session is never held.
    expect((await contacts(user.token)).code).toBe(-1);
  });

  it("put a language chosen on one device in force on the others' next call", async () => {
    const user = await registerAndLogin(api);
    const other = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    const otherToken = (other.data as { authToken: string }).authToken;
    const refusedIn = async () =>
      (
        await api.post(
          "/enterprise/im/sendMessage",
          { id: "not-a-uuid", type: "text", content: "", toContactId: 0 },
          { token: otherToken },
        )
      ).msg;
    const before = await refusedIn();
    const chosen = await api.post(
      "/common/pub/switchLang",
      { lang: "en" },
      { token: user.token },
    );
    expect(chosen.code, chosen.msg).toBe(0);
    const after = await refusedIn();
    expect(after).not.toBe(before);
    expect(after).toMatch(/[A-Za-z]/);
  });

  it("refuse a missing or made-up token with -1", async () => {
    expect((await api.post("/enterprise/im/getContacts")).code).toBe(-1);
    const made = await contacts(
      "bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(made.code).toBe(-1);
    expect(made.key).toBe("session.missing");
  });

  it("accept the token in Authorization or authToken", async () => {
    const user = await registerAndLogin(api);
    expect((await contacts(user.token)).code).toBe(0);
    const viaHeader = await api.post(
      "/enterprise/im/getContacts",
      {},
      { headers: { authToken: user.token.replace(/^bearer /, "") } },
    );
    expect(viaHeader.code).toBe(0);
  });

  it("end at logout: the old token is refused at once and its socket closes", async () => {
    const user = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(user.token);
    const out = await api.post("/common/pub/logout", {}, { token: user.token });
    expect(out.code).toBe(0);
    const after = await contacts(user.token);
    expect(after.code).toBe(-1);
    expect((await socket.closed).code).toBe(4401);
  });

  it("end at expiry: 1 day without remember-me", async () => {
    const user = await registerAndLogin(api);
    const login = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
      rememberMe: "0",
    });
    const token = (login.data as { authToken: string }).authToken;
    api.clock.advance(24 * 3600 * 1000 - 1000);
    expect((await contacts(token)).code).toBe(0);
    api.clock.advance(2000);
    const expired = await contacts(token);
    expect(expired.code).toBe(-1);
    expect(expired.key).toBe("session.expired");
    // The remembered session of the same user still lives (30 days).
    expect((await contacts(user.token)).code).toBe(0);
  });

  it("end when the account is disabled", async () => {
    const user = await registerAndLogin(api);
    await disableUser(api, user.userId);
    const res = await contacts(user.token);
    expect(res.code).toBe(-1);
    expect(res.key).toBe("session.disabled");
  });

  it("with multipleLogin 0, a new login evicts older sessions: -1 and offline on their sockets", async () => {
    const sysInfo = (await api.services.system.config()).sysInfo;
    await writeConfig(
      api.db,
      "sysInfo",
      JSON.stringify({ ...sysInfo, multipleLogin: "0" }),
      api.clock.now(),
    );
    // Written behind the service's back: it must read the rows again.
    api.services.system.forgetConfig();
    try {
      const user = await registerAndLogin(api);
      const socket = await openSocket(api.url);
      await socket.bind(user.token);
      const second = await api.post("/common/pub/login", {
        account: user.account,
        password: user.password,
      });
      expect(second.code).toBe(0);
      const offline = await socket.next("offline");
      expect(offline.data).toMatchObject({ id: user.userId, isMobile: false });
      expect((await socket.closed).code).toBe(4401);
      const old = await contacts(user.token);
      expect(old.code).toBe(-1);
      expect(old.key).toBe("session.evicted");
      expect(
        (await contacts((second.data as { authToken: string }).authToken)).code,
      ).toBe(0);
    } finally {
      await writeConfig(
        api.db,
        "sysInfo",
        JSON.stringify(sysInfo),
        api.clock.now(),
      );
      api.services.system.forgetConfig();
    }
  });

  it("with multipleLogin 1 (the default), sessions live side by side", async () => {
    const user = await registerAndLogin(api);
    const second = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect((await contacts(user.token)).code).toBe(0);
    expect(
      (await contacts((second.data as { authToken: string }).authToken)).code,
    ).toBe(0);
  });
});

describe("login rate limits", () => {
  it("block an account after 5 failures, even for the right password, with Retry-After", async () => {
    const limited = await startTestApp({
      RATE_LOGIN_ACCOUNT: "5",
      RATE_LOGIN_IP: "100",
    });
    // The attempts come from a browser that never signed in to the account.
    const stranger = { headers: { "User-Agent": "stranger-browser" } };
    try {
      const user = await registerAndLogin(limited);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (
            await limited.post(
              "/common/pub/login",
              { account: user.account, password: "wrong-pass" },
              stranger,
            )
          ).key,
        ).toBe("login.failed");
      }
      const blocked = await limited.post(
        "/common/pub/login",
        { account: user.account, password: user.password },
        stranger,
      );
      expect(blocked.code).toBe(429);
      expect(blocked.key).toBe("request.rateLimited");
      const response = await fetch(`${limited.url}/common/pub/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...stranger.headers,
        },
        body: `account=${user.account}&password=${user.password}`,
      });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      // The device the user signed in from before keeps working (issue 7's decision).
      const known = await limited.post("/common/pub/login", {
        account: user.account,
        password: user.password,
      });
      expect(known.code).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it("block an address after its limit across accounts", async () => {
    const limited = await startTestApp({
      RATE_LOGIN_ACCOUNT: "100",
      RATE_LOGIN_IP: "3",
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        await limited.post("/common/pub/login", {
          account: `nobody${i}`,
          password: "wrong-pass",
        });
      }
      const blocked = await limited.post("/common/pub/login", {
        account: "admin",
        password: "admin-pass1",
      });
      expect(blocked.code).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("limit registrations per address", async () => {
    const limited = await startTestApp({ RATE_REGISTER_IP: "2" });
    try {
      for (let i = 0; i < 2; i += 1) {
        const ok = await limited.post("/common/pub/register", {
          account: `reg${i}${Date.now()}`,
          realname: "Tester",
          password: "secret1",
        });
        expect(ok.code).toBe(0);
      }
      const third = await limited.post("/common/pub/register", {
        account: `reg3${Date.now()}`,
        realname: "Tester",
        password: "secret1",
      });
      expect(third.code).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
