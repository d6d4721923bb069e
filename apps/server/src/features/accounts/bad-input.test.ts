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

type Fields = Record<string, unknown>;

/** How much of the hostile input a call may legitimately accept. */
type Lenience =
  | "none" // every case must be refused
  | "short" // an optional free-text field: a string of at most 64 characters is fine
  | "all"; // the call ignores its fields

interface Call {
  path: string;
  /** A body the call would accept; each case spoils one field of it. */
  base: () => Fields;
  /** The field transport cases spoil; prototype keys aim at it. */
  key: string;
  lenience: Lenience;
  /** Refused cases carry a live session, to show a refusal leaves it alone. */
  withSession: boolean;
}

let api: TestApp;
let victim: TestUser;

const CALLS = {
  login: {
    path: "/common/pub/login",
    base: () => ({ account: victim.account, password: victim.password }),
    key: "account",
    lenience: "none",
    withSession: false,
  },
  register: {
    path: "/common/pub/register",
    base: () => ({
      account: newAccount("bad"),
      realname: "Tester",
      password: "secret12",
    }),
    key: "account",
    lenience: "none",
    withSession: false,
  },
  sendCode: {
    path: "/common/pub/sendCode",
    base: () => ({ account: `${newAccount("bad")}@example.com`, type: 2 }),
    key: "account",
    lenience: "none",
    withSession: false,
  },
  switchLang: {
    path: "/common/pub/switchLang",
    base: () => ({ lang: "ty" }),
    key: "lang",
    lenience: "none",
    withSession: true,
  },
  logout: {
    path: "/common/pub/logout",
    base: () => ({}),
    key: "client_id",
    lenience: "short",
    withSession: true,
  },
  getSystemInfo: {
    path: "/common/pub/getSystemInfo",
    base: () => ({}),
    key: "junk",
    lenience: "all",
    withSession: false,
  },
} satisfies Record<string, Call>;
type CallName = keyof typeof CALLS;

/** One request as the test helper sends it. */
interface Send {
  body?: Fields;
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
  /** A string of at most 64 characters once decoded. */
  short: boolean;
}

const deep = (levels: number): unknown =>
  levels === 0 ? "x" : { a: deep(levels - 1) };

const HOSTILE: Hostile[] = [
  { id: "missing", short: true },
  { id: "form object account[a]=1", value: { a: "1" }, short: false },
  { id: "form array", value: ["a", "b"], short: false },
  { id: "form nested beyond depth 6", value: deep(9), short: false },
  { id: 'JSON {"$gt":""}', value: { $gt: "" }, json: true, short: false },
  { id: "JSON array", value: ["a"], json: true, short: false },
  { id: "JSON boolean", value: true, json: true, short: false },
  { id: "JSON nested object", value: deep(6), json: true, short: false },
  { id: "10,000 characters", value: "a".repeat(10_000), short: false },
  { id: "SQL ' OR 1=1--", value: "' OR 1=1--", short: true },
  { id: "SQL DROP TABLE", value: "x'); DROP TABLE users;--", short: true },
  { id: "NUL byte (form)", value: "ad\u0000min", short: true },
  { id: "NUL byte (JSON)", value: "ad\u0000min", json: true, short: true },
  { id: "invalid UTF-8", bytes: BAD_UTF8, short: true },
];

/** The fields each call is attacked on; `skip` names values that field may take. */
const TARGETS: { call: CallName; field: string; skip?: string[] }[] = [
  { call: "login", field: "account" },
  { call: "login", field: "password" },
  { call: "login", field: "token", skip: ["missing"] },
  { call: "register", field: "account" },
  // A name or password may contain quotes and SQL words; they are stored verbatim.
  { call: "register", field: "realname", skip: ["SQL ' OR 1=1--"] },
  {
    call: "register",
    field: "password",
    skip: [
      "SQL ' OR 1=1--",
      "SQL DROP TABLE",
      "NUL byte (form)",
      "NUL byte (JSON)",
      "invalid UTF-8",
    ],
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

function legit(call: Call, hostile: Hostile): boolean {
  if (call.lenience === "all") return true;
  return call.lenience === "short" && hostile.short;
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

/** Whole-body attacks: each keeps the call's valid fields, so only the attack can refuse it. */
const TRANSPORT: {
  id: string;
  build: (base: Fields, key: string) => Send;
  /** Ignored keys: a call that needs no field succeeds. */
  lenient?: boolean;
}[] = [
  {
    id: "malformed JSON",
    build: (base) => ({
      raw: JSON.stringify(base).slice(0, -1) + ',"x":',
      contentType: JSON_TYPE,
    }),
  },
  {
    id: "empty body with a JSON content type",
    build: () => ({ raw: "", contentType: JSON_TYPE }),
  },
  {
    id: "text/plain",
    build: (base) => ({ raw: qs.stringify(base), contentType: "text/plain" }),
  },
  {
    id: "application/xml",
    build: (base) => ({
      raw: `<req>${qs.stringify(base)}</req>`,
      contentType: "application/xml",
    }),
  },
  {
    id: "form body just over 1 MiB",
    build: (base) => ({ body: { ...base, pad: "a".repeat(MIB) } }),
  },
  {
    id: "JSON body just over 1 MiB",
    build: (base) => ({ body: { ...base, pad: "a".repeat(MIB) }, json: true }),
  },
  {
    id: "multipart body just over 1 MiB",
    build: (base) => ({ raw: multipart(base, 530_000) }),
  },
  {
    id: "JSON __proto__",
    build: (base) => ({
      raw: jsonWith(base, '"__proto__":{"role":1,"polluted":1}'),
      contentType: JSON_TYPE,
    }),
  },
  {
    id: "JSON constructor.prototype",
    build: (base) => ({
      raw: jsonWith(base, '"constructor":{"prototype":{"polluted":1}}'),
      contentType: JSON_TYPE,
    }),
  },
  {
    id: "form __proto__[key]",
    lenient: true,
    build: (base, key) => ({
      raw: `${qs.stringify(without(base, key))}&__proto__[${key}]=${String(base[key] ?? "x")}&__proto__[polluted]=1`,
      contentType: FORM,
    }),
  },
  {
    id: "form constructor[prototype][key]",
    lenient: true,
    build: (base, key) => ({
      raw: `${qs.stringify(without(base, key))}&constructor[prototype][${key}]=${String(base[key] ?? "x")}&constructor[prototype][polluted]=1`,
      contentType: FORM,
    }),
  },
];

interface Case {
  name: string;
  call: Call;
  request: () => Send;
  ok: boolean;
}

const FIELD_CASES: Case[] = TARGETS.flatMap(({ call: name, field, skip }) =>
  HOSTILE.filter((hostile) => !skip?.includes(hostile.id)).map((hostile) => {
    const call: Call = CALLS[name];
    return {
      name: `${name} ${field}: ${hostile.id}`,
      call,
      request: () => fieldRequest(call, field, hostile),
      ok: legit(call, hostile),
    };
  }),
);

const TRANSPORT_CASES: Case[] = Object.entries(CALLS).flatMap(
  ([name, call]: [string, Call]) =>
    TRANSPORT.map((attack) => ({
      name: `${name}: ${attack.id}`,
      call,
      request: () => attack.build(call.base(), call.key),
      ok: attack.lenient === true && call.lenience !== "none",
    })),
);

async function count(
  table: "users" | "sessions" | "verification_codes",
): Promise<number> {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
  const { status: _status, ...envelope } = res;
  expect(Object.keys(envelope).sort()).toEqual(
    ["code", "count", "data", "key", "msg", "page"].sort(),
  );
  if (ok) expect(res.code, res.msg).toBe(0);
  else expect(res.code, `${res.key ?? ""} ${res.msg}`).not.toBe(0);
  expect(typeof res.msg).toBe("string");
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
    const plain: Record<string, unknown> = {};
    expect(plain.polluted).toBeUndefined();
    expect(plain.role).toBeUndefined();
  });
});
