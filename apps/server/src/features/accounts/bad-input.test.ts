import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  newAccount,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Hostile input against every call of the accounts issue. Each case answers HTTP 200 with
 * an envelope whose `msg` is human text, is refused (or, where the call legitimately
 * succeeds, succeeds), and changes nothing in users, sessions or verification_codes.
 */

type Fields = Record<string, string | number>;

interface Call {
  path: string;
  /** The field whole-body cases aim prototype keys at. */
  key: string;
  /** The call ignores its fields, so field-level cases succeed. */
  ignoresFields: boolean;
  /** Refused cases carry a live session, to show a refusal leaves it alone. */
  withSession: boolean;
  /** A body the call would accept; each case spoils one field of it. */
  base: () => Fields;
}

let api: TestApp;
let victim: TestUser;

const call = (
  path: string,
  key: string,
  ignoresFields: boolean,
  withSession: boolean,
  base: () => Fields = () => ({}),
): Call => ({ path, key, ignoresFields, withSession, base });

const CALLS = {
  login: call("/common/pub/login", "account", false, false, () => ({
    account: victim.account,
    password: victim.password,
  })),
  register: call("/common/pub/register", "account", false, false, () => ({
    account: newAccount("bad"),
    realname: "Tester",
    password: "secret12",
  })),
  sendCode: call("/common/pub/sendCode", "account", false, false, () => ({
    account: `${newAccount("bad")}@example.com`,
    type: 2,
  })),
  switchLang: call("/common/pub/switchLang", "lang", false, true, () => ({
    lang: "ty",
  })),
  // logout never fails: it ignores its fields (the old client_id among them).
  logout: call("/common/pub/logout", "client_id", true, true),
  getSystemInfo: call("/common/pub/getSystemInfo", "junk", true, false),
};
type CallName = keyof typeof CALLS;

/** One request as the test helper sends it. */
interface Send {
  body?: object;
  json?: boolean;
  raw?: string | Buffer | FormData;
  contentType?: string;
}

const FORM = "application/x-www-form-urlencoded;charset=UTF-8";
const JSON_TYPE = "application/json";
const MIB = 1024 * 1024;
/** 0xFF, 0xFE, an overlong "/" (C0 AF) and an encoded surrogate (ED A0 80). */
const BAD_UTF8 = Buffer.from([
  0x61, 0x62, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x63, 0x64,
]);

interface Hostile {
  id: string;
  /** undefined leaves the field out. */
  value?: unknown;
  json?: boolean;
  /** Raw bytes in place of the form-encoded value. */
  bytes?: Buffer;
}

const deep = (levels: number): unknown =>
  levels === 0 ? "x" : { a: deep(levels - 1) };

const HOSTILE: Hostile[] = [
  { id: "missing" },
  { id: "form object field[a]=1", value: { a: "1" } },
  { id: "form array", value: ["a", "b"] },
  { id: "form nested beyond depth 6", value: deep(9) },
  { id: 'JSON {"$gt":""}', value: { $gt: "" }, json: true },
  { id: "JSON array", value: ["a"], json: true },
  { id: "JSON boolean", value: true, json: true },
  { id: "JSON nested object", value: deep(6), json: true },
  { id: "10,000 characters", value: "a".repeat(10_000) },
  { id: "SQL ' OR 1=1--", value: "' OR 1=1--" },
  { id: "SQL DROP TABLE", value: "x'); DROP TABLE users;--" },
  { id: "NUL byte (form)", value: "ad\u0000min" },
  { id: "NUL byte (JSON)", value: "ad\u0000min", json: true },
  { id: "invalid UTF-8", bytes: BAD_UTF8 },
];

/** The fields each call is attacked on; `skip` names values that field may take. */
const TARGETS: { call: CallName; field: string; skip?: string[] }[] = [
  { call: "login", field: "account" },
  { call: "login", field: "password" },
  { call: "login", field: "token", skip: ["missing"] },
  { call: "register", field: "account" },
  // A name or password may hold quotes and SQL words (stored verbatim, so legitimate),
  // never NUL or broken UTF-8.
  { call: "register", field: "realname", skip: ["SQL ' OR 1=1--"] },
  {
    call: "register",
    field: "password",
    skip: ["SQL ' OR 1=1--", "SQL DROP TABLE"],
  },
  { call: "sendCode", field: "account" },
  { call: "sendCode", field: "type" },
  { call: "switchLang", field: "lang" },
  { call: "logout", field: "client_id" },
  { call: "getSystemInfo", field: "junk" },
];

function without(fields: Fields, field: string): Fields {
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => name !== field),
  );
}

function fieldRequest(call: Call, field: string, hostile: Hostile): Send {
  const rest = without(call.base(), field);
  if (hostile.bytes) {
    const head = Buffer.from(`${qs.stringify(rest)}&${field}=`);
    return { raw: Buffer.concat([head, hostile.bytes]), contentType: FORM };
  }
  const body =
    hostile.value === undefined ? rest : { ...rest, [field]: hostile.value };
  return { body, json: hostile.json === true };
}

function jsonWith(base: Fields, extra: string): string {
  const inner = JSON.stringify(base).slice(1, -1);
  return `{${extra}${inner ? `,${inner}` : ""}}`;
}

function multipart(base: Fields, pad: number): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(base))
    form.append(name, String(value));
  form.append("pad1", "a".repeat(pad));
  form.append("pad2", "a".repeat(pad));
  return form;
}

const raw = (text: string, contentType: string): Send => ({
  raw: text,
  contentType,
});
const protoForm = (base: Fields, key: string, prefix: string): Send =>
  raw(
    `${qs.stringify(without(base, key))}&${prefix}[${key}]=${base[key] ?? "x"}&${prefix}[polluted]=1`,
    FORM,
  );

/**
 * Whole-body attacks: each keeps the call's valid fields, so only the attack can refuse
 * it. `lenient` ones only drop keys, which a call that needs no field survives.
 */
const TRANSPORT: [string, (base: Fields, key: string) => Send, boolean?][] = [
  [
    "malformed JSON",
    (b) => raw(`${JSON.stringify(b).slice(0, -1)},"x":`, JSON_TYPE),
  ],
  ["empty body with a JSON content type", () => raw("", JSON_TYPE)],
  ["text/plain", (b) => raw(qs.stringify(b), "text/plain")],
  [
    "application/xml",
    (b) => raw(`<r>${qs.stringify(b)}</r>`, "application/xml"),
  ],
  [
    "form body just over 1 MiB",
    (b) => ({ body: { ...b, pad: "a".repeat(MIB) } }),
  ],
  [
    "JSON body just over 1 MiB",
    (b) => ({ body: { ...b, pad: "a".repeat(MIB) }, json: true }),
  ],
  ["multipart body just over 1 MiB", (b) => ({ raw: multipart(b, 530_000) })],
  [
    "JSON __proto__",
    (b) => raw(jsonWith(b, '"__proto__":{"role":1,"polluted":1}'), JSON_TYPE),
  ],
  [
    "JSON constructor.prototype",
    (b) =>
      raw(jsonWith(b, '"constructor":{"prototype":{"polluted":1}}'), JSON_TYPE),
  ],
  ["form __proto__[key]", (b, key) => protoForm(b, key, "__proto__"), true],
  [
    "form constructor[prototype][key]",
    (b, key) => protoForm(b, key, "constructor[prototype]"),
    true,
  ],
];

interface Case {
  name: string;
  call: Call;
  request: () => Send;
  ok: boolean;
}

const FIELD_CASES: Case[] = TARGETS.flatMap(({ call: name, field, skip }) =>
  HOSTILE.filter((hostile) => !skip?.includes(hostile.id)).map((hostile) => {
    const call = CALLS[name];
    return {
      name: `${name} ${field}: ${hostile.id}`,
      call,
      request: () => fieldRequest(call, field, hostile),
      ok: call.ignoresFields,
    };
  }),
);

const TRANSPORT_CASES: Case[] = Object.entries(CALLS).flatMap(([name, call]) =>
  TRANSPORT.map(([id, build, lenient]) => ({
    name: `${name}: ${id}`,
    call,
    request: () => build(call.base(), call.key),
    ok: lenient === true && call.ignoresFields,
  })),
);

async function count(
  table: "users" | "sessions" | "verification_codes",
): Promise<number> {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Everything a call of this issue could change. */
async function snapshot(): Promise<unknown> {
  return {
    users: await count("users"),
    sessions: await count("sessions"),
    codes: await count("verification_codes"),
    userRows: await api.db
      .selectFrom("users")
      .select(["user_id", "account", "lang", "updated_at", "login_count"])
      .orderBy("user_id")
      .execute(),
    sessionRows: await api.db
      .selectFrom("sessions")
      .select(["session_id", "revoked_at", "last_seen_at"])
      .orderBy("session_id")
      .execute(),
  };
}

async function liveToken(): Promise<string> {
  const { token } = await api.services.sessions.create(victim.userId, true, {
    ip: "127.0.0.1",
    userAgent: "bad-input.test",
    terminal: "web",
  });
  return `bearer ${token}`;
}

async function check({ call, request, ok }: Case): Promise<void> {
  const token = call.withSession && !ok ? await liveToken() : undefined;
  const send = request();
  const before = await snapshot();
  const res = await api.post(call.path, send.body ?? {}, {
    token,
    json: send.json === true,
    raw: send.raw,
    headers: send.contentType ? { "Content-Type": send.contentType } : {},
  });
  expect(res.status, res.msg).toBe(200);
  const keys = Object.keys(res).filter((name) => name !== "status");
  expect(keys.sort()).toEqual(["code", "count", "data", "key", "msg", "page"]);
  if (ok) expect(res.code, res.msg).toBe(0);
  else expect(res.code, `${res.key ?? ""} ${res.msg}`).not.toBe(0);
  expect(res.msg.trim()).not.toBe("");
  expect(res.msg).not.toBe(res.key);
  expect(res.msg).not.toMatch(/[{}]|Error|\n\s+at /);
  expect(await snapshot()).toEqual(before);
}

beforeAll(async () => {
  api = await startTestApp({
    RATE_LOGIN_IP: "0",
    RATE_LOGIN_ACCOUNT: "0",
    RATE_REGISTER_IP: "0",
    RATE_SENDCODE_IP: "0",
  });
  victim = await registerAndLogin(api);
});
afterAll(() => api.close());

describe("hostile fields", () => {
  it.each(FIELD_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) =>
    check(c),
  );
});

describe("hostile bodies", () => {
  it.each(TRANSPORT_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) =>
    check(c),
  );
});

describe("afterwards", () => {
  it("still answers, still has its users, and no prototype was polluted", async () => {
    const res = await api.post("/common/pub/getSystemInfo");
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(await count("users")).toBeGreaterThanOrEqual(2);
    const admin = await api.db
      .selectFrom("users")
      .select("account")
      .where("role", ">", 0)
      .executeTakeFirstOrThrow();
    expect(admin.account).toBe("admin");
    const login = await api.post("/common/pub/login", {
      account: victim.account,
      password: victim.password,
    });
    expect(login.code, login.msg).toBe(0);
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.prototype).not.toHaveProperty("role");
  });
});
