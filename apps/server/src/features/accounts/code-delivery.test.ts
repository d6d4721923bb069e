import type { GlobalConfig } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { countRows, newAccount } from "../../../test/factories.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { translate } from "../../lib/messages.js";

/*
 * Issue 15, fault 8: "Send code" said a code was sent when no mail was configured. Without
 * SMTP (and always for phones, there being no SMS gateway) the answer says no code was sent
 * and whom to ask; getSystemInfo tells the login screen beforehand.
 */

const en = { headers: { "Accept-Language": "en" } };
const mailAccount = () => `${newAccount("mail")}@example.com`;
let phoneCounter = 0;
const phoneAccount = () => {
  phoneCounter += 1;
  return `139${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter).padStart(2, "0")}`;
};

async function registered(api: TestApp, account: string): Promise<void> {
  const res = await api.post("/common/pub/register", {
    account,
    realname: "Tester",
    password: "secret1",
  });
  expect(res.code, res.msg).toBe(0);
}

async function systemInfo(api: TestApp): Promise<GlobalConfig> {
  return (await api.post("/common/pub/getSystemInfo")).data as GlobalConfig;
}

describe("without SMTP", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it("tells the client that no code can be sent by email or text message", async () => {
    const info = await systemInfo(api);
    expect(info.codeByEmail).toBe(false);
    expect(info.codeBySms).toBe(false);
  });

  it("answers a forgotten-password code for an email account honestly, in words a person writes", async () => {
    const account = mailAccount();
    await registered(api, account);
    const before = await countRows(api, "verification_codes");
    const res = await api.post(
      "/common/pub/sendCode",
      { account, type: 1 },
      en,
    );
    expect(res.code).toBe(400);
    expect(res.key).toBe("code.noMailReset");
    expect(res.msg).toBe(
      "This server can't send email yet, so no code was sent. Ask your administrator to reset your password.",
    );
    // The code is still made and written to the log, for an operator or a developer.
    expect(await countRows(api, "verification_codes")).toBe(before + 1);
  });

  it("answers an unknown account exactly like a known one", async () => {
    const known = mailAccount();
    await registered(api, known);
    const a = await api.post("/common/pub/sendCode", {
      account: known,
      type: 1,
    });
    const b = await api.post("/common/pub/sendCode", {
      account: mailAccount(),
      type: 1,
    });
    expect({ code: b.code, key: b.key, msg: b.msg }).toEqual({
      code: a.code,
      key: a.key,
      msg: a.msg,
    });
    expect(a.msg).toBe(translate("code.noMailReset", "zh"));
  });

  it("keeps saying so on a second try instead of claiming a code went out a minute ago", async () => {
    const account = mailAccount();
    const first = await api.post("/common/pub/sendCode", { account, type: 2 });
    const again = await api.post("/common/pub/sendCode", { account, type: 2 });
    expect(first.key).toBe("code.noMail");
    expect(again.code).toBe(400);
    expect(again.key).toBe("code.noMail");
  });

  it.each([
    [1, "code.noSmsReset"],
    [2, "code.noSms"],
    [3, "code.noSmsReset"],
    [4, "code.noSms"],
  ] as const)(
    "answers a phone account's type %d code with %s",
    async (type, key) => {
      const account = phoneAccount();
      if (type === 1 || type === 3) await registered(api, account);
      const res = await api.post("/common/pub/sendCode", { account, type });
      expect(res.code).toBe(400);
      expect(res.key).toBe(key);
    },
  );

  it("still refuses a register code for a taken account with the reason that helps", async () => {
    const account = mailAccount();
    await registered(api, account);
    const res = await api.post("/common/pub/sendCode", { account, type: 2 });
    expect(res.key).toBe("code.accountTaken");
  });
});

describe("with SMTP", () => {
  let api: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startTestApp({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it("tells the client that codes go by email, not by text message", async () => {
    const info = await systemInfo(api);
    expect(info.codeByEmail).toBe(true);
    expect(info.codeBySms).toBe(false);
  });

  it("mails the code and says so", async () => {
    const account = mailAccount();
    const res = await api.post(
      "/common/pub/sendCode",
      { account, type: 2 },
      en,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("Code sent. It's valid for 5 minutes.");
    expect(await smtp.nextCode(account)).toMatch(/^\d{6}$/);
  });

  it("says how long to wait for another code in words", async () => {
    const account = mailAccount();
    await api.post("/common/pub/sendCode", { account, type: 2 });
    await smtp.nextCode(account);
    const soon = await api.post(
      "/common/pub/sendCode",
      { account, type: 2 },
      en,
    );
    expect(soon.code).toBe(429);
    expect(soon.msg).toBe(
      "A code was sent less than a minute ago. You can ask for another in 1 minute.",
    );
    api.clock.advance(30_000);
    const later = await api.post(
      "/common/pub/sendCode",
      { account, type: 2 },
      en,
    );
    expect(later.msg).toBe(
      "A code was sent less than a minute ago. You can ask for another in 30 seconds.",
    );
    const zh = await api.post("/common/pub/sendCode", { account, type: 2 });
    expect(zh.msg).toBe("一分钟内只能获取一次验证码，请30秒钟后再试");
  });

  it("never mails a phone account: there is no SMS gateway", async () => {
    const before = smtp.mails.length;
    const res = await api.post("/common/pub/sendCode", {
      account: phoneAccount(),
      type: 2,
    });
    expect(res.key).toBe("code.noSms");
    expect(smtp.mails.length).toBe(before);
  });
});

describe("a blocked login", () => {
  it("says when to try again in minutes, with Retry-After in seconds", async () => {
    const api = await startTestApp({
      RATE_LOGIN_ACCOUNT: "2",
      RATE_LOGIN_WINDOW_S: "900",
    });
    try {
      const account = newAccount();
      await registered(api, account);
      const wrong = { account, password: "wrong-pass" };
      for (let i = 0; i < 2; i += 1)
        expect((await api.post("/common/pub/login", wrong)).key).toBe(
          "login.failed",
        );
      const blocked = await api.post("/common/pub/login", wrong, en);
      expect(blocked.code).toBe(429);
      expect(blocked.msg).toBe("Too many attempts. Try again in 15 minutes.");
      const zh = await api.post("/common/pub/login", wrong);
      expect(zh.msg).toBe("尝试次数过多，请15分钟后再试");
      const response = await fetch(`${api.url}/common/pub/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(wrong),
      });
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
    } finally {
      await api.close();
    }
  });
});
