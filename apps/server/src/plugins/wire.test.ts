import cookie from "@fastify/cookie";
import {
  defineCall,
  formInt,
  formString,
  im,
  type MessageKey,
} from "@parley/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import {
  newAccount,
  registerAndLogin,
  type TestUser,
} from "../../test/factories.js";
import { hashSecret } from "../lib/ids.js";
import { translate } from "../lib/messages.js";
import { parseForm, registerBodyParsers } from "./body.js";
import { createCalls } from "./calls.js";
import { registerEnvelope } from "./envelope.js";
import type { SessionResolver } from "./session.js";

const ENVELOPE_KEYS = ["code", "count", "data", "key", "msg", "page"];
const HAN = /\p{Script=Han}/u;

/** A test-only call that answers its parsed input, to see what each encoding delivers. */
const EchoSchema = z.object({
  user: z.object({ name: formString(), tags: z.array(formString()) }),
  ids: z.array(formInt()),
});
const echo = defineCall({
  path: "/common/test/echo",
  auth: "public",
  request: EchoSchema,
  response: EchoSchema,
});

/**
 * A second app built from the same plugins, with the echo call and one session-only call
 * (no session-only call is served by the real app yet).
 */
async function startProbe(sessions: SessionResolver): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie);
  registerBodyParsers(app, 1024 * 1024);
  registerEnvelope(app, sessions);
  const calls = createCalls(app, {
    sessions,
    validateResponses: true,
    demoMode: false,
    publicUrl: undefined,
  });
  calls.register(echo, (input) => Promise.resolve({ data: input }));
  calls.register(im.getContacts, () => Promise.resolve({ data: [] }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A POST with full control of headers and body, answering the status and the raw JSON. */
async function send(
  url: string,
  init: { body?: string | FormData; headers?: Record<string, string> } = {},
  method = "POST",
): Promise<RawAnswer> {
  const response = await fetch(url, { method, ...init });
  // The server answers JSON on every path; a non-object would fail the key checks below.
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, body };
}

let api: TestApp;
let probe: FastifyInstance;
let probeUrl: string;

beforeAll(async () => {
  api = await startTestApp({
    RATE_LOGIN_IP: "0",
    RATE_LOGIN_ACCOUNT: "0",
    RATE_REGISTER_IP: "0",
    RATE_SENDCODE_IP: "0",
  });
  probe = await startProbe(api.services.sessions);
  probeUrl = `http://127.0.0.1:${(probe.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await probe.close();
  await api.close();
});

/** A new session of the user, as login answers it (`bearer <token>`), and its raw token. */
async function freshSession(user: TestUser): Promise<string> {
  const res = await api.post("/common/pub/login", {
    account: user.account,
    password: user.password,
  });
  expect(res.code, res.msg).toBe(0);
  return (res.data as { authToken: string }).authToken.slice("bearer ".length);
}

async function userLang(userId: number): Promise<string | null> {
  const row = await api.db
    .selectFrom("users")
    .select("lang")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.lang;
}

describe("paths", () => {
  it.each([
    "/common/pub/getSystemInfo",
    "/COMMON/PUB/GETSYSTEMINFO",
    "/common/pub/getsysteminfo",
    "/Common/Pub/GetSystemInfo",
    "/common/pub/getSystemInfo.html",
    "/COMMON/PUB/GETSYSTEMINFO.HTML",
    "/common/pub/getSystemInfo.html?x=1",
    "//common/pub/getSystemInfo",
    "//common//pub/getSystemInfo.html",
    "/common/pub/getSystemInfo/",
  ])("answers %s", async (path) => {
    const res = await send(api.url + path);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
  });

  it.each([
    ["POST", "/common/pub/nothing"],
    ["POST", "/common/pub"],
    ["POST", "/enterprise/im/noSuchCall"],
    ["POST", "/static/common/pub/getSystemInfo"],
    ["POST", "/common/pub/getSystemInfo.php"],
    ["GET", "/common/pub/getSystemInfo"],
  ])("answers %s %s with HTTP 404 and an envelope", async (method, path) => {
    const res = await send(api.url + path, {}, method);
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.body.code).toBe(404);
    expect(res.body.key).toBe("request.notFound");
  });
});

describe("envelope", () => {
  it.each([
    ["a success", { lang: "zh" }, 0],
    ["a refusal", { lang: "xx" }, 400],
  ])("has exactly the six keys on %s", async (_label, body, code) => {
    const res = await send(`${api.url}/common/pub/switchLang`, {
      body: new URLSearchParams(body).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.msg).toBe("string");
    expect(res.body.count).toBe(0);
    expect(res.body.page).toBe(0);
  });
});

describe("bodies", () => {
  const expected = { user: { name: "Ann", tags: ["a", "b"] }, ids: [1, 2, 3] };

  it("reads qs bracket notation from a form body", async () => {
    const res = await send(`${probeUrl}/common/test/echo`, {
      body: "user[name]=Ann&user[tags][0]=a&user[tags][1]=b&ids[0]=1&ids[1]=2&ids[2]=3",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.body.code, String(res.body.msg)).toBe(0);
    expect(res.body.data).toEqual(expected);
  });

  it("reads JSON", async () => {
    const res = await send(`${probeUrl}/common/test/echo`, {
      body: JSON.stringify(expected),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.body.data).toEqual(expected);
  });

  it("reads multipart fields with the same bracket notation", async () => {
    const form = new FormData();
    form.append("user[name]", "Ann");
    form.append("user[tags][0]", "a");
    form.append("user[tags][1]", "b");
    for (const [i, id] of ["1", "2", "3"].entries())
      form.append(`ids[${i}]`, id);
    const res = await send(`${probeUrl}/common/test/echo`, { body: form });
    expect(res.body.code, String(res.body.msg)).toBe(0);
    expect(res.body.data).toEqual(expected);
  });

  it("keeps 50 indexed form entries an array", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => i * 2);
    const echoed = await send(`${probeUrl}/common/test/echo`, {
      body: `user[name]=A&user[tags][0]=t&${ids.map((id, i) => `ids[${i}]=${id}`).join("&")}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(echoed.body.code, String(echoed.body.msg)).toBe(0);
    expect((echoed.body.data as { ids: unknown }).ids).toEqual(ids);
  });

  it.each([
    ["form", {}],
    ["JSON", { json: true }],
  ] as const)("registers with a %s body", async (_label, options) => {
    const account = newAccount("wire");
    const res = await api.post(
      "/common/pub/register",
      { account, realname: "Tester", password: "secret12" },
      options,
    );
    expect(res.code, res.msg).toBe(0);
    expect((res.data as { account: string }).account).toBe(account);
  });

  it("registers with a multipart body, and ignores 50 stray at[i] fields", async () => {
    const account = newAccount("wire");
    const form = new FormData();
    form.append("account", account);
    form.append("realname", "Tester");
    form.append("password", "secret12");
    for (let i = 0; i < 50; i += 1) form.append(`at[${i}]`, String(i));
    const res = await api.post("/common/pub/register", {}, { raw: form });
    expect(res.code, res.msg).toBe(0);
    expect((res.data as { account: string }).account).toBe(account);
  });

  it("refuses a multipart file part on a call that takes no file", async () => {
    const form = new FormData();
    form.append("lang", "en");
    form.append("file", new Blob(["hello"]), "hello.txt");
    const res = await api.post("/common/pub/switchLang", {}, { raw: form });
    expect(res.status).toBe(200);
    expect(res.code).not.toBe(0);
    expect(res.msg).not.toBe("");
  });
});

describe("parseForm", () => {
  it("keeps a[0]..a[49] an array of 50, in order", () => {
    const body = Array.from({ length: 50 }, (_, i) => `a[${i}]=v${i}`).join(
      "&",
    );
    const parsed = parseForm(body);
    expect(Array.isArray(parsed.a)).toBe(true);
    expect(parsed.a).toEqual(Array.from({ length: 50 }, (_, i) => `v${i}`));
  });

  it("reads the deepest nesting the contract shows", () => {
    expect(parseForm("value[autoAddGroup][owner_info][0][id]=5").value).toEqual(
      { autoAddGroup: { owner_info: [{ id: "5" }] } },
    );
  });

  it.each([
    "__proto__[x]=1",
    "__proto__[polluted]=1",
    "constructor[prototype][polluted]=1",
    "a[__proto__][polluted]=1",
    "a[constructor][prototype][polluted]=1",
  ])("does not pollute Object.prototype with %s", (body) => {
    const parsed = parseForm(body);
    const probeObject: Record<string, unknown> = {};
    expect(probeObject.x).toBeUndefined();
    expect(probeObject.polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});

describe("session token", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerAndLogin(api);
  });

  it.each([
    ["Authorization", "bearer "],
    ["Authorization", "Bearer "],
    ["Authorization", "BEARER "],
    ["Authorization", "bEaReR   "],
    ["authToken", ""],
    ["authToken", "bearer "],
  ])(
    "is read from %s as %j + token, and logout ends it",
    async (header, prefix) => {
      const token = await freshSession(user);
      const headers = { [header]: prefix + token };
      const call = await send(`${probeUrl}/enterprise/im/getContacts`, {
        headers,
      });
      expect(call.body.code).toBe(0);
      const res = await api.post("/common/pub/logout", {}, { headers });
      expect(res.code, res.msg).toBe(0);
      const row = await api.db
        .selectFrom("sessions")
        .select(["revoked_at", "revoke_reason"])
        .where("token_hash", "=", hashSecret(token))
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
      expect(row.revoke_reason).toBe("logout");
      const after = await send(`${probeUrl}/enterprise/im/getContacts`, {
        headers,
      });
      expect(after.body.code).toBe(-1);
    },
  );

  it.each([
    ["no token", {}],
    ["an unknown token", { Authorization: "bearer nope" }],
    ["an empty bearer", { Authorization: "bearer " }],
    ["an oversized token", { authToken: "x".repeat(600) }],
  ])("answers a session call with %s code -1", async (_label, headers) => {
    const res = await send(`${probeUrl}/enterprise/im/getContacts`, {
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(-1);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
  });

  it("lets logout succeed without a token or with a dead one", async () => {
    expect((await api.post("/common/pub/logout")).code).toBe(0);
    const dead = await api.post(
      "/common/pub/logout",
      {},
      { token: "bearer x" },
    );
    expect(dead.code).toBe(0);
  });
});

describe("language of msg", () => {
  const refuse = (headers: Record<string, string>, token?: string) =>
    api.post("/common/pub/switchLang", { lang: "xx" }, { headers, token });

  it.each([
    ["en", "en"],
    ["en-US,en;q=0.9", "en"],
    ["zh-CN", "zh"],
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh"],
  ] as const)("follows Accept-Language %s", async (header, lang) => {
    const res = await refuse({ "Accept-Language": header });
    expect(res.code).toBe(400);
    expect(res.msg).toBe(translate("lang.invalid", lang));
  });

  it("English and Chinese texts differ", () => {
    expect(translate("lang.invalid", "en")).not.toMatch(HAN);
    expect(translate("lang.invalid", "zh")).toMatch(HAN);
  });

  it("stores a signed-in user's choice, which then wins over Accept-Language", async () => {
    const user = await registerAndLogin(api);
    const zh = { "Accept-Language": "zh-CN" };
    const res = await api.post(
      "/common/pub/switchLang",
      { lang: "en" },
      { token: user.token, headers: zh },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ lang: "en" });
    expect(res.msg).toBe(translate("lang.switched", "en"));
    expect(await userLang(user.userId)).toBe("en");

    const refused = await refuse(zh, user.token);
    expect(refused.msg).toBe(translate("lang.invalid", "en"));
    const field = await api.post(
      "/common/pub/logout",
      { client_id: { a: "1" } },
      { token: user.token, headers: zh },
    );
    expect(field.code).toBe(400);
    expect(field.msg).not.toMatch(HAN);
    expect(await refuse(zh)).toMatchObject({
      msg: translate("lang.invalid", "zh"),
    });
  });

  it("answers a signed-in English user's malformed body in English", async () => {
    const user = await registerAndLogin(api);
    await api.post(
      "/common/pub/switchLang",
      { lang: "en" },
      { token: user.token },
    );
    const res = await api.post(
      "/common/pub/switchLang",
      {},
      {
        token: user.token,
        raw: "{bad",
        headers: {
          "Content-Type": "application/json",
          "Accept-Language": "zh-CN",
        },
      },
    );
    expect(res.code).toBe(400);
    expect(res.msg).toBe(translate(res.key as MessageKey, "en")); // key comes from the server's own list
  });

  it("remembers a visitor's choice in a cookie and changes no user", async () => {
    const before = await api.db
      .selectFrom("users")
      .select(["user_id", "lang", "updated_at"])
      .orderBy("user_id")
      .execute();
    const res = await send(`${api.url}/common/pub/switchLang`, {
      body: "lang=en",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.body.code).toBe(0);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/parley_lang=en/);
    const after = await api.db
      .selectFrom("users")
      .select(["user_id", "lang", "updated_at"])
      .orderBy("user_id")
      .execute();
    expect(after).toEqual(before);
    const refused = await refuse({
      "Accept-Language": "zh-CN",
      Cookie: setCookie.split(";")[0] ?? "",
    });
    expect(refused.msg).toBe(translate("lang.invalid", "en"));
  });
});
