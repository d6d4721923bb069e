import type { AllConfig, GlobalConfig } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  loginAdmin,
  registerAndLogin,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import {
  type SmsReceiver,
  type SmsRequest,
  startSmsReceiver,
} from "../../../test/sms-receiver.js";

/*
 * Issue 51, item 11: verification codes for phone accounts by SMS, through an HTTP gateway
 * set by the environment (SMS_*) or in the console (`sms`), tested against a real local
 * receiver. With regauth 1 (phone) registration and code login work for phone numbers.
 */

const en = { headers: { "Accept-Language": "en" } };
const AUTH = "Bearer sms-secret-7f3a";
/** A product name a template must not be broken by: quotes, a backslash, &, = and a placeholder. */
const HOSTILE_NAME = 'Chat "A&B=1" \\ {code}';

let phoneCounter = 0;
const phoneAccount = () => {
  phoneCounter += 1;
  return `137${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter).padStart(2, "0")}`;
};

async function systemInfo(api: TestApp): Promise<GlobalConfig> {
  return (await api.post("/common/pub/getSystemInfo")).data as GlobalConfig;
}

async function settings(api: TestApp, admin: TestUser): Promise<AllConfig> {
  const res = await api.post(
    "/manage/config/getSettings",
    {},
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as AllConfig;
}

/** The one request a send made, after the send answered. */
function onlyNew(receiver: SmsReceiver, before: number): SmsRequest {
  expect(receiver.requests.length).toBe(before + 1);
  const request = receiver.requests[before];
  if (!request) throw new Error("no request");
  return request;
}

describe("SMS set by the environment, POST with a JSON body, regauth 1", () => {
  let api: TestApp;
  let receiver: SmsReceiver;
  beforeAll(async () => {
    receiver = await startSmsReceiver();
    api = await startTestApp({
      SMS_URL: `${receiver.url}/send?to={phone}`,
      SMS_BODY: '{"to":"{phone}","text":"{text}","code":"{code}"}',
      SMS_AUTH_HEADER: AUTH,
      SMS_TIMEOUT_MS: "300",
    });
    await saveConfig(api, "sysInfo", { regauth: "1", name: HOSTILE_NAME });
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it("tells the client that codes go by text message", async () => {
    expect((await systemInfo(api)).codeBySms).toBe(true);
  });

  it("texts a register code once, registers with it, then logs in with a login code", async () => {
    const account = phoneAccount();
    const before = receiver.requests.length;
    const sent = await api.post(
      "/common/pub/sendCode",
      { account, type: 2 },
      en,
    );
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.key).toBe("code.sent");
    const request = onlyNew(receiver, before);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`/send?to=${account}`);
    expect(request.headers.authorization).toBe(AUTH);
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body) as Record<string, string>;
    expect(body.to).toBe(account);
    expect(body.code).toMatch(/^\d{6}$/);
    const code = body.code ?? "";
    // The hostile name arrives whole, in the caller's language, its "{code}" left alone.
    expect(body.text).toBe(
      `Your ${HOSTILE_NAME} code is ${code}. It expires in 5 minutes.`,
    );

    const registered = await api.post("/common/pub/register", {
      account,
      realname: "Phone Tester",
      password: "secret1",
      code,
    });
    expect(registered.code, registered.msg).toBe(0);

    // One code a minute per account, whatever it is for.
    api.clock.advance(60_000);
    const loginSent = await api.post("/common/pub/sendCode", {
      account,
      type: 1,
    });
    expect(loginSent.code, loginSent.msg).toBe(0);
    const loginBody = JSON.parse(onlyNew(receiver, before + 1).body) as Record<
      string,
      string
    >;
    const login = await api.post("/common/pub/login", {
      account,
      code: loginBody.code,
    });
    expect(login.code, login.msg).toBe(0);
    expect(
      (login.data as { userInfo: { account: string } }).userInfo.account,
    ).toBe(account);
  });

  it("refuses a phone registration without a code (regauth 1)", async () => {
    const res = await api.post("/common/pub/register", {
      account: phoneAccount(),
      realname: "No Code",
      password: "secret1",
    });
    expect(res.key).toBe("register.codeRequired");
  });

  it.each([
    ["an error status", 500 as const],
    ["no answer in time", "hang" as const],
  ])(
    "says the text did not go out when the gateway gives %s, and lets the next try through at once",
    async (_what, answer) => {
      const account = phoneAccount();
      const rows = await countRows(api, "verification_codes");
      const before = receiver.requests.length;
      receiver.answer = answer;
      const failed = await api.post(
        "/common/pub/sendCode",
        { account, type: 2 },
        en,
      );
      receiver.answer = 200;
      expect(failed.code).toBe(400);
      expect(failed.key).toBe("code.smsFailed");
      expect(failed.msg).toBe(
        "The text message couldn't be sent, so no code went out. Try again in a moment.",
      );
      expect(receiver.requests.length).toBe(before + 1);
      // The code that never went out is not kept, so it holds nothing back.
      expect(await countRows(api, "verification_codes")).toBe(rows);
      const again = await api.post("/common/pub/sendCode", {
        account,
        type: 2,
      });
      expect(again.code, again.msg).toBe(0);
      expect(receiver.requests.length).toBe(before + 2);
      // A code that did go out holds the next for a minute, as before.
      const third = await api.post("/common/pub/sendCode", {
        account,
        type: 2,
      });
      expect(third.code).toBe(429);
      expect(third.key).toBe("code.tooSoon");
    },
  );

  it("never answers the Authorization header, in the console's settings or the old rows", async () => {
    const admin = await loginAdmin(api);
    const all = await settings(api, admin);
    expect(all.sms).toEqual({
      url: `${receiver.url}/send?to={phone}`,
      method: "POST",
      body: '{"to":"{phone}","text":"{text}","code":"{code}"}',
      contentType: "application/json",
      hasAuthHeader: true,
      source: "env",
    });
    const rows = await api.post(
      "/manage/config/getAllConfig",
      {},
      { token: admin.token },
    );
    expect(rows.code).toBe(0);
    for (const answer of [all, rows.data, await systemInfo(api)])
      expect(JSON.stringify(answer)).not.toContain("sms-secret");
  });
});

describe("SMS set by the environment, GET", () => {
  let api: TestApp;
  let receiver: SmsReceiver;
  beforeAll(async () => {
    receiver = await startSmsReceiver();
    api = await startTestApp({
      SMS_URL: `${receiver.url}/sms?phone={phone}&msg={text}&c={code}`,
      SMS_METHOD: "GET",
      // Ignored for GET: nothing but the URL carries the message.
      SMS_BODY: '{"never":"{code}"}',
    });
    await saveConfig(api, "sysInfo", { regauth: "3", name: HOSTILE_NAME });
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it("puts the values in the URL encoded, and a code login works (regauth 3)", async () => {
    const account = phoneAccount();
    const before = receiver.requests.length;
    const sent = await api.post("/common/pub/sendCode", { account, type: 2 });
    expect(sent.code, sent.msg).toBe(0);
    const request = onlyNew(receiver, before);
    expect(request.method).toBe("GET");
    expect(request.body).toBe("");
    expect(request.headers.authorization).toBeUndefined();
    const query = new URL(request.url, receiver.url).searchParams;
    expect([...query.keys()]).toEqual(["phone", "msg", "c"]);
    expect(query.get("phone")).toBe(account);
    const code = query.get("c") ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // No Accept-Language: the default language, Chinese.
    expect(query.get("msg")).toBe(
      `您的${HOSTILE_NAME}验证码是 ${code}，5 分钟内有效。`,
    );

    const registered = await api.post("/common/pub/register", {
      account,
      realname: "Phone Tester",
      password: "secret1",
      code,
    });
    expect(registered.code, registered.msg).toBe(0);
    api.clock.advance(60_000);
    await api.post("/common/pub/sendCode", { account, type: 1 });
    const loginCode =
      new URL(onlyNew(receiver, before + 1).url, receiver.url).searchParams.get(
        "c",
      ) ?? "";
    const login = await api.post("/common/pub/login", {
      account,
      code: loginCode,
    });
    expect(login.code, login.msg).toBe(0);
  });
});

describe("SMS set in the console", () => {
  let api: TestApp;
  let receiver: SmsReceiver;
  let admin: TestUser;
  beforeAll(async () => {
    receiver = await startSmsReceiver();
    api = await startTestApp({
      SMS_URL: `${receiver.url}/from-env?to={phone}`,
      SMS_AUTH_HEADER: "Bearer env-secret",
    });
    admin = await loginAdmin(api);
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  const setSms = async (value: Record<string, string>, as = admin) =>
    api.post(
      "/manage/config/setConfig",
      { name: "sms", value },
      { token: as.token },
    );
  /** The request the next register code makes. */
  const nextRequest = async (): Promise<SmsRequest> => {
    const before = receiver.requests.length;
    const res = await api.post("/common/pub/sendCode", {
      account: phoneAccount(),
      type: 2,
    });
    expect(res.code, res.msg).toBe(0);
    return onlyNew(receiver, before);
  };

  it("wins over the environment once saved, and keeps the header write-only", async () => {
    expect((await nextRequest()).url).toMatch(/^\/from-env\?to=/);
    const saved = await setSms({
      url: `${receiver.url}/a?to={phone}`,
      body: "to={phone}&text={text}",
      contentType: "application/x-www-form-urlencoded",
      authHeader: "Bearer console-secret",
    });
    expect(saved.code, saved.msg).toBe(0);
    const shown = (await settings(api, admin)).sms;
    expect(shown).toMatchObject({ source: "console", hasAuthHeader: true });
    expect(JSON.stringify(shown)).not.toContain("secret");

    const request = await nextRequest();
    expect(request.url).toMatch(/^\/a\?to=/);
    expect(request.headers.authorization).toBe("Bearer console-secret");
    expect(request.headers["content-type"]).toBe(
      "application/x-www-form-urlencoded",
    );
    const form = new URLSearchParams(request.body);
    expect(form.get("text")).toMatch(/验证码是 \d{6}/);

    // Another field, the header left empty: the stored one stays.
    expect((await setSms({ method: "POST", authHeader: "" })).code).toBe(0);
    expect((await nextRequest()).headers.authorization).toBe(
      "Bearer console-secret",
    );
  });

  it("drops the stored header when the URL changes, unless it is given anew", async () => {
    expect((await setSms({ url: `${receiver.url}/b?to={phone}` })).code).toBe(
      0,
    );
    expect((await settings(api, admin)).sms.hasAuthHeader).toBe(false);
    const moved = await nextRequest();
    expect(moved.url).toMatch(/^\/b\?/);
    expect(moved.headers.authorization).toBeUndefined();

    expect(
      (
        await setSms({
          url: `${receiver.url}/c?to={phone}`,
          authHeader: "Bearer given-anew",
        })
      ).code,
    ).toBe(0);
    expect((await nextRequest()).headers.authorization).toBe(
      "Bearer given-anew",
    );
    expect((await setSms({ clearAuthHeader: "1" })).code).toBe(0);
    expect((await settings(api, admin)).sms.hasAuthHeader).toBe(false);
  });

  it("sends a test text message, and says why when it cannot", async () => {
    const before = receiver.requests.length;
    const phone = phoneAccount();
    const sent = await api.post(
      "/manage/config/sendTestSms",
      { phone },
      { token: admin.token, ...en },
    );
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.key).toBe("console.smsSent");
    const form = new URLSearchParams(onlyNew(receiver, before).body);
    expect(form.get("to")).toBe(phone);
    expect(form.get("text")).toBe(
      "This is a test message from Parley. Text messages are set up correctly.",
    );

    receiver.answer = 503;
    const failed = await api.post(
      "/manage/config/sendTestSms",
      { phone },
      { token: admin.token, ...en },
    );
    receiver.answer = 200;
    expect(failed.key).toBe("console.smsFailed");
    expect(failed.msg).toBe(
      "The test text message couldn't be sent: the SMS gateway answered HTTP 503",
    );
    const invalid = await api.post(
      "/manage/config/sendTestSms",
      { phone: "12345" },
      { token: admin.token },
    );
    expect(invalid.code).not.toBe(0);
  });

  it("is a super administrator's: an administrator of role 2 is refused, changing nothing", async () => {
    const helper = await registerAndLogin(api);
    await api.post(
      "/manage/User/setRole",
      { user_id: helper.userId, role: 2 },
      { token: admin.token },
    );
    const login = await api.post("/common/pub/login", {
      account: helper.account,
      password: helper.password,
    });
    const role2 = {
      ...helper,
      token: (login.data as { authToken: string }).authToken,
    };
    const before = (await settings(api, admin)).sms;
    const res = await setSms(
      { url: "http://listener.example.net/?p={phone}" },
      role2,
    );
    expect(res.key).toBe("console.notPermitted");
    // They may read the settings, still without the header.
    expect((await settings(api, role2)).sms).toEqual(before);
  });

  it("refuses a URL that is not http(s)", async () => {
    const res = await setSms({ url: "file:///etc/passwd" });
    expect(res.key).toBe("config.invalidField");
  });
});

describe("without an SMS gateway", () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
    await saveConfig(api, "sysInfo", { regauth: "1" });
  });
  afterAll(() => api.close());

  it("says no code can go by text message, and refuses a phone code honestly", async () => {
    expect((await systemInfo(api)).codeBySms).toBe(false);
    const res = await api.post("/common/pub/sendCode", {
      account: phoneAccount(),
      type: 2,
    });
    expect(res.code).toBe(400);
    expect(res.key).toBe("code.noSms");
    const admin = await loginAdmin(api);
    expect((await settings(api, admin)).sms).toMatchObject({
      url: "",
      hasAuthHeader: false,
      source: "env",
    });
  });
});
