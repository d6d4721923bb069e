import { describe, expect, it } from "vitest";
import {
  type AcceptCase,
  expectRefused,
  type MaxCase,
  type RejectCase,
} from "../../test/schema-cases.js";
import type { UserInfo } from "../entities/user.js";
import {
  CODE_TYPES,
  login,
  loginTicket,
  logout,
  register,
  sendCode,
} from "./accounts.js";

const USER: UserInfo = {
  user_id: 2,
  id: 2,
  account: "13800000002",
  realname: "Alice",
  displayName: "Alice",
  avatar: "https://chat.example.com/avatar/2.png",
  email: "",
  sex: 0,
  role: 0,
  motto: "",
  name_py: "alice",
  setting: {
    sendKey: 1,
    theme: "default",
    isVoice: true,
    avatarCricle: false,
    hideMessageName: false,
    hideMessageTime: false,
    formatMessages: true,
  },
  is_auth: 0,
  status: 1,
  lang: null,
};

describe("login", () => {
  it.each<AcceptCase>([
    {
      name: "a form-encoded password login",
      body: {
        account: "13800000002",
        password: "123456",
        code: "",
        client_id: "",
        terminal: "web",
        rememberMe: "true",
      },
      expected: {
        account: "13800000002",
        password: "123456",
        terminal: "web",
        rememberMe: true,
      },
    },
    {
      name: "a form-encoded code login",
      body: { account: "user@example.com", password: "", code: "123456" },
      expected: { account: "user@example.com", code: "123456" },
    },
    {
      name: "a form-encoded token login",
      body: { token: "f3a9c1d2e4b5" },
      expected: { token: "f3a9c1d2e4b5" },
    },
    {
      name: "a JSON body",
      body: {
        account: "alice",
        password: "secret1",
        rememberMe: false,
        lang: "en",
        client_id: "7f0000010b5400000001",
      },
      expected: {
        account: "alice",
        password: "secret1",
        rememberMe: false,
        lang: "en",
        client_id: "7f0000010b5400000001",
      },
    },
    {
      name: "JSON numbers where strings belong",
      body: { account: 13800000002, password: 123456, code: 654321 },
      expected: { account: "13800000002", password: "123456", code: "654321" },
    },
    {
      name: "an empty body (the rules ask for the fields)",
      body: {},
      expected: {},
    },
    {
      name: "unknown fields, dropped",
      body: { account: "alice", captcha: "x" },
      expected: { account: "alice" },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(login.request.parse(body)).toEqual(expected);
  });

  it.each<MaxCase>([
    { field: "account", max: 255, key: "request.invalidField" },
    { field: "password", max: 255, key: "request.invalidField" },
    { field: "code", max: 32, key: "request.invalidField" },
    { field: "token", max: 512, key: "request.invalidField" },
    { field: "lang", max: 16, key: "request.invalidField" },
    { field: "client_id", max: 64, key: "request.invalidField" },
    { field: "terminal", max: 32, key: "request.invalidField" },
  ])("$field: $max characters pass, one more → $key", ({ field, max, key }) => {
    expect(login.request.safeParse({ [field]: "x".repeat(max) }).success).toBe(
      true,
    );
    expectRefused(login.request, {
      name: field,
      body: { [field]: "x".repeat(max + 1) },
      field,
      key,
    });
  });

  it.each<RejectCase>([
    {
      name: "an object as account",
      body: { account: { a: "1" } },
      field: "account",
    },
    {
      name: "an array as password",
      body: { password: ["123456"] },
      field: "password",
    },
    { name: "an object as token", body: { token: {} }, field: "token" },
    { name: "a boolean as code", body: { code: true }, field: "code" },
    {
      name: "rememberMe maybe",
      body: { rememberMe: "maybe" },
      field: "rememberMe",
    },
    { name: "rememberMe 2", body: { rememberMe: 2 }, field: "rememberMe" },
    { name: "an array body", body: [], field: "" },
    { name: "a string body", body: "account=alice", field: "" },
    { name: "a null body", body: null, field: "" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(login.request, rejectCase);
  });

  it("answers a session with a bearer token and the user", () => {
    const answer = {
      sessionId: "s-1",
      authToken: "bearer abc",
      userInfo: USER,
      expiresAt: 1_700_000_000_000,
    };
    expect(login.response.parse(answer)).toEqual(answer);
  });

  it.each<{ name: string; answer: unknown }>([
    {
      name: "expiresAt as text",
      answer: {
        sessionId: "s",
        authToken: "bearer a",
        userInfo: USER,
        expiresAt: "1700000000000",
      },
    },
    {
      name: "no userInfo",
      answer: { sessionId: "s", authToken: "bearer a", expiresAt: 1 },
    },
    {
      name: "userInfo without lang (null, not missing)",
      answer: {
        sessionId: "s",
        authToken: "bearer a",
        userInfo: { ...USER, lang: undefined },
        expiresAt: 1,
      },
    },
  ])("refuses an answer with $name", ({ answer }) => {
    expect(login.response.safeParse(answer).success).toBe(false);
  });
});

describe("loginTicket", () => {
  it("takes no fields: an empty body, and extra fields dropped", () => {
    expect(loginTicket.request.parse({})).toEqual({});
    expect(loginTicket.request.parse({ userId: 1 })).toEqual({});
  });

  it("answers the ticket, its link and its lifetime in seconds", () => {
    const answer = {
      ticket: "a".repeat(43),
      url: `https://chat.example.com/#/login?token=${"a".repeat(43)}`,
      expiresIn: 60,
    };
    expect(loginTicket.response.parse(answer)).toEqual(answer);
  });

  it.each<{ name: string; answer: unknown }>([
    { name: "no url", answer: { ticket: "t", expiresIn: 60 } },
    {
      name: "expiresIn as text",
      answer: { ticket: "t", url: "/#/login?token=t", expiresIn: "60" },
    },
    {
      name: "a fractional expiresIn",
      answer: { ticket: "t", url: "/#/login?token=t", expiresIn: 59.5 },
    },
  ])("refuses an answer with $name", ({ answer }) => {
    expect(loginTicket.response.safeParse(answer).success).toBe(false);
  });
});

describe("logout", () => {
  it.each<AcceptCase>([
    { name: "an empty form body", body: {}, expected: {} },
    { name: "an empty client_id", body: { client_id: "" }, expected: {} },
    {
      name: "a client_id",
      body: { client_id: "7f0000010b5400000001" },
      expected: {},
    },
    { name: "a JSON number", body: { client_id: 17 }, expected: {} },
    { name: "an object as client_id", body: { client_id: {} }, expected: {} },
    {
      name: "a 65-character client_id",
      body: { client_id: "x".repeat(65) },
      expected: {},
    },
  ])("accepts and ignores $name: logout never fails", ({ body, expected }) => {
    expect(logout.request.parse(body)).toEqual(expected);
  });

  it("answers an empty string", () => {
    expect(logout.response.parse("")).toBe("");
    expect(logout.response.safeParse(null).success).toBe(false);
    expect(logout.response.safeParse("ok").success).toBe(false);
  });
});

describe("register", () => {
  it.each<AcceptCase>([
    {
      name: "a form-encoded body without a code",
      body: {
        account: "alice01",
        realname: "Alice",
        password: "secret12",
        code: "",
        inviteCode: "",
      },
      expected: { account: "alice01", realname: "Alice", password: "secret12" },
    },
    {
      name: "a form-encoded body with a code and an invitation",
      body: {
        account: "user@example.com",
        realname: "张三",
        password: "secret12",
        code: "123456",
        inviteCode: "AbCd1234",
      },
      expected: {
        account: "user@example.com",
        realname: "张三",
        password: "secret12",
        code: "123456",
        inviteCode: "AbCd1234",
      },
    },
    {
      name: "a JSON body with numbers",
      body: {
        account: 13800000000,
        realname: "Bob",
        password: 12345678,
        code: 654321,
      },
      expected: {
        account: "13800000000",
        realname: "Bob",
        password: "12345678",
        code: "654321",
      },
    },
    {
      name: "an empty body (the rules refuse the empty fields)",
      body: {},
      expected: { account: "", realname: "", password: "" },
    },
    {
      name: "255-character fields",
      body: {
        account: "a".repeat(255),
        realname: "r".repeat(255),
        password: "p".repeat(255),
        code: "1".repeat(32),
        inviteCode: "i".repeat(128),
      },
      expected: {
        account: "a".repeat(255),
        realname: "r".repeat(255),
        password: "p".repeat(255),
        code: "1".repeat(32),
        inviteCode: "i".repeat(128),
      },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(register.request.parse(body)).toEqual(expected);
  });

  it.each<RejectCase>([
    {
      name: "a 256-character account",
      body: { account: "a".repeat(256) },
      field: "account",
      key: "register.accountLength",
    },
    {
      name: "a 256-character realname",
      body: { realname: "r".repeat(256) },
      field: "realname",
      key: "register.realnameLength",
    },
    {
      name: "a 256-character password",
      body: { password: "p".repeat(256) },
      field: "password",
      key: "register.passwordLength",
    },
    {
      name: "a 33-character code",
      body: { code: "1".repeat(33) },
      field: "code",
      key: "request.invalidField",
    },
    {
      name: "a 129-character inviteCode",
      body: { inviteCode: "i".repeat(129) },
      field: "inviteCode",
      key: "request.invalidField",
    },
    {
      name: "an object as account",
      body: { account: { a: "1" } },
      field: "account",
    },
    {
      name: "an array as realname",
      body: { realname: ["A"] },
      field: "realname",
    },
    { name: "null as password", body: { password: null }, field: "password" },
    {
      name: "a boolean as inviteCode",
      body: { inviteCode: true },
      field: "inviteCode",
    },
  ])("refuses $name", (rejectCase) => {
    expectRefused(register.request, rejectCase);
  });

  it("answers the new user", () => {
    expect(register.response.parse(USER)).toEqual(USER);
    expect(register.response.safeParse({ ...USER, role: "0" }).success).toBe(
      false,
    );
  });
});

describe("sendCode", () => {
  it("has the four code types of SPEC §5", () => {
    expect(CODE_TYPES).toEqual([1, 2, 3, 4]);
  });

  it.each([1, 2, 3, 4])("accepts form type %s", (type) => {
    expect(
      sendCode.request.parse({ account: "13800000000", type: String(type) }),
    ).toEqual({ account: "13800000000", type });
  });

  it.each<AcceptCase>([
    {
      name: "a JSON body",
      body: { account: "user@example.com", type: 2 },
      expected: { account: "user@example.com", type: 2 },
    },
    {
      name: "a phone as a JSON number",
      body: { account: 13800000000, type: 1 },
      expected: { account: "13800000000", type: 1 },
    },
    {
      name: "a padded form type",
      body: { account: "a@b.co", type: " 3 " },
      expected: { account: "a@b.co", type: 3 },
    },
    {
      name: "no account (the rule asks for it)",
      body: { type: "4" },
      expected: { account: "", type: 4 },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(sendCode.request.parse(body)).toEqual(expected);
  });

  it.each<RejectCase>([
    {
      name: "type 0",
      body: { account: "a", type: 0 },
      field: "type",
      key: "code.typeInvalid",
    },
    {
      name: 'type "0"',
      body: { account: "a", type: "0" },
      field: "type",
      key: "code.typeInvalid",
    },
    {
      name: "type 5",
      body: { account: "a", type: 5 },
      field: "type",
      key: "code.typeInvalid",
    },
    {
      name: 'type "5"',
      body: { account: "a", type: "5" },
      field: "type",
      key: "code.typeInvalid",
    },
    {
      name: "type -1",
      body: { account: "a", type: "-1" },
      field: "type",
      key: "code.typeInvalid",
    },
    { name: 'type "abc"', body: { account: "a", type: "abc" }, field: "type" },
    { name: 'type "1.5"', body: { account: "a", type: "1.5" }, field: "type" },
    { name: "type 1.5", body: { account: "a", type: 1.5 }, field: "type" },
    { name: "no type", body: { account: "a" }, field: "type" },
    {
      name: "an object as type",
      body: { account: "a", type: { v: 1 } },
      field: "type",
    },
    {
      name: "a 256-character account",
      body: { account: "a".repeat(256), type: "2" },
      field: "account",
      key: "code.accountFormat",
    },
    {
      name: "an object as account",
      body: { account: {}, type: "2" },
      field: "account",
    },
  ])("refuses $name", (rejectCase) => {
    expectRefused(sendCode.request, rejectCase);
  });

  it("accepts a 255-character account (the rule checks its shape)", () => {
    expect(
      sendCode.request.safeParse({ account: "a".repeat(255), type: 2 }).success,
    ).toBe(true);
  });

  it("answers an empty string", () => {
    expect(sendCode.response.parse("")).toBe("");
    expect(sendCode.response.safeParse({}).success).toBe(false);
  });
});
