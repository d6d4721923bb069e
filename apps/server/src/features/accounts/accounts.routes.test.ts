import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  disableUser,
  mintTicket,
  newAccount,
  registerAndLogin,
} from "../../../test/factories.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { writeConfig } from "../system/system.repository.js";

let api: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  api = await startTestApp({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: "Parley <p@localhost>",
  });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

async function setSysInfo(patch: Record<string, string>): Promise<void> {
  const current = (await api.services.system.config()).sysInfo;
  await writeConfig(
    api.db,
    "sysInfo",
    JSON.stringify({ ...current, ...patch }),
    api.clock.now(),
  );
  // Written behind the service's back: it must read the rows again.
  api.services.system.forgetConfig();
}

describe("register", () => {
  it("creates the account and never answers a password hash", async () => {
    const account = newAccount();
    const res = await api.post("/common/pub/register", {
      account,
      realname: "张三丰",
      password: "secret1",
    });
    expect(res.code).toBe(0);
    const data = res.data as Record<string, unknown>;
    expect(data.account).toBe(account);
    expect(data.realname).toBe("张三丰");
    expect(data.name_py).toBe("zhangsanfeng");
    expect(JSON.stringify(res)).not.toMatch(/argon2|password/i);
    const row = await api.db
      .selectFrom("users")
      .selectAll()
      .where("account", "=", account)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ["abc", "register.accountLength"],
    ["a".repeat(33), "register.accountLength"],
    ["ab 12", "register.accountChars"],
    ["ab中文12", "register.accountChars"],
    ["", "register.accountPlain"],
  ])("refuses account %j with %s", async (account, key) => {
    const before = await countRows(api, "users");
    const res = await api.post("/common/pub/register", {
      account,
      realname: "Tester",
      password: "secret1",
    });
    expect(res.code).toBe(400);
    expect(res.key).toBe(key);
    expect(res.msg.length).toBeGreaterThan(0);
    expect(await countRows(api, "users")).toBe(before);
  });

  it("accepts accounts of exactly 4 and 32 characters", async () => {
    const short = `a${Math.random().toString(36).slice(2, 5)}`;
    const long = `b${Date.now()}`.padEnd(32, "x");
    for (const account of [short, long]) {
      const res = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
      });
      expect(res.code, res.msg).toBe(0);
    }
  });

  it.each([
    ["realname", "A", "register.realnameLength"],
    ["realname", "A".repeat(17), "register.realnameLength"],
    ["password", "12345", "register.passwordLength"],
    ["password", "1".repeat(17), "register.passwordLength"],
  ])("refuses %s %j", async (field, value, key) => {
    const body = {
      account: newAccount(),
      realname: "Tester",
      password: "secret1",
      [field]: value,
    };
    const res = await api.post("/common/pub/register", body);
    expect(res.key).toBe(key);
  });

  it("accepts realname of 2 and 16 and password of 6 and 16", async () => {
    for (const [realname, password] of [
      ["AB", "123456"],
      ["A".repeat(16), "1".repeat(16)],
    ] as const) {
      const res = await api.post("/common/pub/register", {
        account: newAccount(),
        realname,
        password,
      });
      expect(res.code, res.msg).toBe(0);
    }
  });

  it("refuses a taken account", async () => {
    const account = newAccount();
    await api.post("/common/pub/register", {
      account,
      realname: "Tester",
      password: "secret1",
    });
    const res = await api.post("/common/pub/register", {
      account,
      realname: "Other",
      password: "secret2",
    });
    expect(res.key).toBe("register.accountTaken");
  });

  it("registration by invitation (regtype 2) asks for the invitation first", async () => {
    await setSysInfo({ regtype: "2" });
    try {
      const res = await api.post("/common/pub/register", {
        account: newAccount(),
        realname: "Tester",
        password: "secret1",
      });
      expect(res.key).toBe("register.inviteRequired");
    } finally {
      await setSysInfo({ regtype: "1" });
    }
  });

  describe("with regauth", () => {
    afterAll(() => setSysInfo({ regauth: "0" }));

    it.each([
      ["1", "user@example.com", "register.accountPhone"],
      ["1", "12800000000", "register.accountPhone"],
      ["2", "13800000000", "register.accountEmail"],
      ["2", "not-an-email", "register.accountEmail"],
      ["3", "plainname", "register.accountPhoneOrEmail"],
    ])("regauth %s refuses %s", async (regauth, account, key) => {
      await setSysInfo({ regauth });
      const res = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
        code: "123456",
      });
      expect(res.key).toBe(key);
    });

    it("needs a code whenever regauth is not 0, and takes only the mailed one, once", async () => {
      await setSysInfo({ regauth: "2" });
      const account = `${newAccount("mail")}@example.com`;
      const missing = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
      });
      expect(missing.key).toBe("register.codeRequired");

      const sent = await api.post("/common/pub/sendCode", { account, type: 2 });
      expect(sent.code, sent.msg).toBe(0);
      const code = await smtp.nextCode(account);
      const wrongCode = code === "000000" ? "111111" : "000000";
      const wrong = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
        code: wrongCode,
      });
      expect(wrong.key).toBe("register.codeWrong");

      const ok = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
        code,
        inviteCode: "ABC",
      });
      expect(ok.code, ok.msg).toBe(0);
      expect((ok.data as { is_auth: number; email: string }).is_auth).toBe(1);
      expect((ok.data as { email: string }).email).toBe(account);
    });

    it("makes a phone account's code under regauth 3 for the log only, and says no code was sent", async () => {
      await setSysInfo({ regauth: "3" });
      const account = `139${String(Date.now()).slice(-8)}`;
      expect(
        (await api.post("/common/pub/sendCode", { account, type: 2 })).key,
      ).toBe("code.noSms");
      const row = await api.db
        .selectFrom("verification_codes")
        .selectAll()
        .where("account", "=", account)
        .executeTakeFirst();
      expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      const res = await api.post("/common/pub/register", {
        account,
        realname: "Tester",
        password: "secret1",
        code: "999999",
      });
      expect(res.key).toBe("register.codeWrong");
    });
  });
});

describe("login", () => {
  it("logs in by password and answers a bearer token, the user and no secret", async () => {
    const user = await registerAndLogin(api);
    const res = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
      rememberMe: "false",
    });
    expect(res.code).toBe(0);
    const data = res.data as {
      authToken: string;
      sessionId: string;
      userInfo: { user_id: number };
      expiresAt: number;
    };
    expect(data.authToken).toMatch(/^bearer [A-Za-z0-9_-]{43}$/);
    expect(data.sessionId).not.toBe("");
    expect(data.userInfo.user_id).toBe(user.userId);
    expect(data.expiresAt - api.clock.now()).toBe(24 * 3600 * 1000);
    expect(JSON.stringify(res.data)).not.toMatch(/argon2|password_hash/);
    const stored = await api.db
      .selectFrom("sessions")
      .select("token_hash")
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(
      data.authToken.slice(7),
    );
    // The login is recorded on the user with the session: registerAndLogin's, then this one.
    const row = await api.db
      .selectFrom("users")
      .select(["login_count", "last_login_at", "last_login_ip"])
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.login_count).toBe(2);
    expect(row.last_login_at).toBe(api.clock.now());
    expect(row.last_login_ip).not.toBe("");
  });

  it("remembers for 30 days by default", async () => {
    const user = await registerAndLogin(api);
    const res = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(
      (res.data as { expiresAt: number }).expiresAt - api.clock.now(),
    ).toBe(30 * 24 * 3600 * 1000);
  });

  it("answers the same for an unknown account and a wrong password", async () => {
    const user = await registerAndLogin(api);
    const unknown = await api.post("/common/pub/login", {
      account: newAccount(),
      password: "whatever1",
    });
    const wrong = await api.post("/common/pub/login", {
      account: user.account,
      password: "wrong-pass",
    });
    expect(unknown).toEqual(wrong);
    expect(wrong.key).toBe("login.failed");
  });

  it.each([
    [{}, "login.accountRequired"],
    [{ account: "someone" }, "login.passwordRequired"],
    [{ account: "someone", code: "12ab" }, "login.codeFormat"],
  ])("refuses %j with %s", async (body, key) => {
    const res = await api.post("/common/pub/login", body);
    expect(res.code).toBe(400);
    expect(res.key).toBe(key);
  });

  it("logs in by a mailed 6-digit code, once", async () => {
    const account = `${newAccount("code")}@example.com`;
    await api.post("/common/pub/register", {
      account,
      realname: "Tester",
      password: "secret1",
    });
    expect(
      (await api.post("/common/pub/sendCode", { account, type: 1 })).code,
    ).toBe(0);
    const code = await smtp.nextCode(account);
    const first = await api.post("/common/pub/login", {
      account,
      code,
      password: "123456",
    });
    expect(first.code, first.msg).toBe(0);
    const again = await api.post("/common/pub/login", { account, code });
    expect(again.key).toBe("login.codeWrong");
  });

  it("logs in by a login ticket into a new session, and refuses the session's own token", async () => {
    const user = await registerAndLogin(api);
    const ticket = await mintTicket(api, user.token);
    const res = await api.post("/common/pub/login", { token: ticket });
    expect(res.code, res.msg).toBe(0);
    const data = res.data as {
      authToken: string;
      userInfo: { user_id: number };
    };
    expect(data.userInfo.user_id).toBe(user.userId);
    expect(data.authToken).not.toBe(user.token);
    // Issue 51 item 22: a live session token is no login link.
    const live = await api.post("/common/pub/login", { token: user.token });
    expect(live.key).toBe("login.tokenInvalid");
  });

  it("refuses a disabled user", async () => {
    const user = await registerAndLogin(api);
    await disableUser(api, user.userId);
    const res = await api.post("/common/pub/login", {
      account: user.account,
      password: user.password,
    });
    expect(res.key).toBe("login.disabled");
  });
});

describe("sendCode", () => {
  it("sends at most one code per account per 60 s", async () => {
    const account = `${newAccount("rate")}@example.com`;
    expect(
      (await api.post("/common/pub/sendCode", { account, type: 2 })).code,
    ).toBe(0);
    const again = await api.post("/common/pub/sendCode", { account, type: 2 });
    expect(again.code).toBe(429);
    expect(again.key).toBe("code.tooSoon");
    api.clock.advance(60_000);
    expect(
      (await api.post("/common/pub/sendCode", { account, type: 2 })).code,
    ).toBe(0);
  });

  it("expires a code after 5 minutes", async () => {
    const account = `${newAccount("exp")}@example.com`;
    await api.post("/common/pub/register", {
      account,
      realname: "Tester",
      password: "secret1",
    });
    await api.post("/common/pub/sendCode", { account, type: 1 });
    const code = await smtp.nextCode(account);
    api.clock.advance(5 * 60_000 + 1);
    const res = await api.post("/common/pub/login", { account, code });
    expect(res.key).toBe("login.codeWrong");
  });

  it("burns a code after 5 wrong guesses", async () => {
    const account = `${newAccount("burn")}@example.com`;
    await api.post("/common/pub/register", {
      account,
      realname: "Tester",
      password: "secret1",
    });
    api.clock.advance(60_000);
    await api.post("/common/pub/sendCode", { account, type: 1 });
    const code = await smtp.nextCode(account);
    for (let i = 0; i < 5; i += 1) {
      const guess = String((Number(code) + i + 1) % 1_000_000).padStart(6, "0");
      await api.post("/common/pub/login", { account, code: guess });
    }
    const res = await api.post("/common/pub/login", { account, code });
    expect(res.code).not.toBe(0);
  });

  it.each([
    [{ account: "", type: 1 }, "code.accountRequired"],
    [{ account: "plainname", type: 1 }, "code.accountFormat"],
    [{ account: "a@example.com", type: 5 }, "code.typeInvalid"],
    [{ account: "a@example.com", type: 0 }, "code.typeInvalid"],
  ])("refuses %j", async (body, key) => {
    const res = await api.post("/common/pub/sendCode", body);
    expect(res.key).toBe(key);
  });

  it("refuses a register code for a taken account, and mails nothing for a login code of an unknown one", async () => {
    const taken = `${newAccount("taken")}@example.com`;
    await api.post("/common/pub/register", {
      account: taken,
      realname: "Tester",
      password: "secret1",
    });
    expect(
      (await api.post("/common/pub/sendCode", { account: taken, type: 2 })).key,
    ).toBe("code.accountTaken");
    const unknown = `${newAccount("nobody")}@example.com`;
    const before = smtp.mails.length;
    expect(
      (await api.post("/common/pub/sendCode", { account: unknown, type: 1 }))
        .code,
    ).toBe(0);
    expect(smtp.mails.length).toBe(before);
  });
});
