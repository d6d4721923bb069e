import {
  contacts as contactCalls,
  defineCall,
  formInt,
  formString,
  type MessageKey,
} from "@parley/protocol";
import type { FastifyInstance } from "fastify";
import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { startProbeApp } from "../../test/probe-app.js";
import {
  newAccount,
  registerAndLogin,
  type TestUser,
} from "../../test/factories.js";
import { hashSecret } from "../lib/ids.js";
import { translate } from "../lib/messages.js";
import { parseForm } from "./body.js";

const FORM = "application/x-www-form-urlencoded";
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

/** A POST with full control of headers and body, answering the status and the raw JSON. */
async function send(
  url: string,
  init: { body?: string | FormData; headers?: Record<string, string> } = {},
  method = "POST",
) {
  const response = await fetch(url, { method, ...init });
  // The server answers JSON on every path; a non-object would fail the key checks below.
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, body };
}

/** The fields as multipart parts named in qs bracket notation (values hold no `&` or `=`). */
function formData(fields: object): FormData {
  const form = new FormData();
  for (const pair of qs.stringify(fields, { encode: false }).split("&")) {
    const [name = "", value = ""] = pair.split("=");
    form.append(name, value);
  }
  return form;
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
  // A second app of the same plugins, with the echo call and a stubbed session-only call.
  ({ app: probe, url: probeUrl } = await startProbeApp(
    api.services.sessions,
    (calls) => {
      calls.register(echo, (input) => Promise.resolve({ data: input }));
      calls.register(contactCalls.getContacts, () =>
        Promise.resolve({ data: [] }),
      );
    },
  ));
});
afterAll(async () => {
  await probe.close();
  await api.close();
});

const contacts = (headers: Record<string, string>) =>
  send(`${probeUrl}/enterprise/im/getContacts`, { headers });

/** A new session of the user, by login; answers the raw token (without `bearer `). */
async function freshSession(user: TestUser): Promise<string> {
  const res = await api.post("/common/pub/login", {
    account: user.account,
    password: user.password,
  });
  expect(res.code, res.msg).toBe(0);
  return (res.data as { authToken: string }).authToken.slice("bearer ".length);
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
      headers: { "Content-Type": FORM },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.body.code).toBe(code);
    expect([res.body.count, res.body.page]).toEqual([0, 0]);
  });
});

describe("bodies", () => {
  const ids = Array.from({ length: 50 }, (_, i) => i * 2);
  const expected = { user: { name: "Ann", tags: ["a", "b"] }, ids };

  it.each([
    ["a form in qs bracket notation", FORM, () => qs.stringify(expected)],
    ["JSON", "application/json", () => JSON.stringify(expected)],
    ["multipart fields in bracket notation", null, () => formData(expected)],
  ] as const)(
    "reads %s, keeping 50 indexed entries an array",
    async (_label, contentType, body) => {
      const res = await send(`${probeUrl}/common/test/echo`, {
        body: body(),
        headers: contentType ? { "Content-Type": contentType } : {},
      });
      expect(res.body.code, String(res.body.msg)).toBe(0);
      expect(res.body.data).toEqual(expected);
    },
  );

  it.each([
    ["form", {}],
    ["JSON", { json: true }],
    ["multipart (50 stray at[i] ignored)", { multipart: true }],
  ] as const)("registers with a %s body", async (_label, options) => {
    const account = newAccount("wire");
    const fields = { account, realname: "Tester", password: "secret12" };
    const res = await api.post("/common/pub/register", fields, {
      json: "json" in options,
      raw:
        "multipart" in options
          ? formData({ ...fields, at: Array.from({ length: 50 }, (_, i) => i) })
          : undefined,
    });
    expect(res.code, res.msg).toBe(0);
    expect((res.data as { account: string }).account).toBe(account);
  });

  it("refuses a multipart file part on a call that takes no file", async () => {
    const form = new FormData();
    form.append("lang", "en");
    form.append("file", new Blob(["hello"]), "hello.txt");
    const res = await api.post("/common/pub/switchLang", {}, { raw: form });
    expect(res.status).toBe(200);
    expect(res.code).toBe(400);
    expect(res.key).toBe("request.unsupportedType");
    expect(res.msg).not.toBe("");
  });
});

describe("parseForm", () => {
  it("keeps a[0]..a[49] an array of 50, in order", () => {
    const values = Array.from({ length: 50 }, (_, i) => `v${i}`);
    const parsed = parseForm(values.map((v, i) => `a[${i}]=${v}`).join("&"));
    expect(parsed.a).toEqual(values);
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
    expect(Object.getPrototypeOf(parseForm(body))).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty("x");
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
      expect((await contacts(headers)).body.code).toBe(0);
      const res = await api.post("/common/pub/logout", {}, { headers });
      expect(res.code, res.msg).toBe(0);
      const row = await api.db
        .selectFrom("sessions")
        .select(["revoked_at", "revoke_reason"])
        .where("token_hash", "=", hashSecret(token))
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
      expect(row.revoke_reason).toBe("logout");
      expect((await contacts(headers)).body.code).toBe(-1);
    },
  );

  it.each([
    ["no token", {}],
    ["an unknown token", { Authorization: "bearer nope" }],
    ["an empty bearer", { Authorization: "bearer " }],
    ["an oversized token", { authToken: "x".repeat(600) }],
  ])("answers a session call with %s code -1", async (_label, headers) => {
    const res = await contacts(headers);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(-1);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
  });

  it("lets logout succeed without a token or with a dead one", async () => {
    expect((await api.post("/common/pub/logout")).code).toBe(0);
    const token = "bearer dead";
    expect((await api.post("/common/pub/logout", {}, { token })).code).toBe(0);
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
    expect(res.msg).toMatch(lang === "zh" ? HAN : /^[\x20-\x7e]+$/);
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
    const row = await api.db
      .selectFrom("users")
      .select("lang")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.lang).toBe("en");

    const refused = await refuse(zh, user.token);
    expect(refused.msg).toBe(translate("lang.invalid", "en"));
    const field = await api.post(
      "/common/pub/sendCode",
      { account: "a@example.com", type: 9 },
      { token: user.token, headers: zh },
    );
    expect(field.code).toBe(400);
    expect(field.msg).toBe(translate("code.typeInvalid", "en"));
    const malformed = await api.post(
      "/common/pub/switchLang",
      {},
      {
        token: user.token,
        raw: "{bad",
        headers: { ...zh, "Content-Type": "application/json" },
      },
    );
    expect(malformed.code).toBe(400);
    // The key is one of the server's own message keys.
    expect(malformed.msg).toBe(translate(malformed.key as MessageKey, "en"));
  });

  it("remembers a visitor's choice in a cookie and changes no user", async () => {
    const langs = () =>
      api.db.selectFrom("users").select(["user_id", "lang"]).execute();
    const before = await langs();
    const res = await send(`${api.url}/common/pub/switchLang`, {
      body: "lang=en",
      headers: { "Content-Type": FORM },
    });
    expect(res.body.code).toBe(0);
    expect(await langs()).toEqual(before);
    const jar = res.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(jar).toBe("parley_lang=en");
    const refused = await refuse({ "Accept-Language": "zh-CN", Cookie: jar });
    expect(refused.msg).toBe(translate("lang.invalid", "en"));
  });
});
