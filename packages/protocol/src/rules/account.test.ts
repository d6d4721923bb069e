import { describe, expect, it } from "vitest";
import type { MessageKey } from "../common/message-keys.js";
import type { RegAuth } from "./account.js";
import {
  accountMessageKey,
  characterLength,
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  isCodeShape,
  registerNeedsCode,
  stripChinese,
  regauthOf,
} from "./account.js";

const REGAUTHS: readonly RegAuth[] = [0, 1, 2, 3];

/** An email address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = "@example.com";
  return "u".repeat(length - domain.length) + domain;
}

interface AccountCase {
  name: string;
  account: string;
  regauth: RegAuth;
  expected: MessageKey | null;
}

/** The same account checked under every regauth, with the same outcome. */
function underEveryRegauth(
  name: string,
  account: string,
  expected: MessageKey,
): AccountCase[] {
  return REGAUTHS.map((regauth) => ({
    name: `regauth ${regauth}: ${name}`,
    account,
    regauth,
    expected,
  }));
}

describe("accountMessageKey", () => {
  it.each<{ regauth: RegAuth; key: MessageKey }>([
    { regauth: 0, key: "register.accountPlain" },
    { regauth: 1, key: "register.accountPhone" },
    { regauth: 2, key: "register.accountEmail" },
    { regauth: 3, key: "register.accountPhoneOrEmail" },
  ])("regauth $regauth → $key", ({ regauth, key }) => {
    expect(accountMessageKey(regauth)).toBe(key);
  });
});

describe("checkRegisterAccount", () => {
  it.each<{ regauth: RegAuth; key: MessageKey }>([
    { regauth: 0, key: "register.accountPlain" },
    { regauth: 1, key: "register.accountPhone" },
    { regauth: 2, key: "register.accountEmail" },
    { regauth: 3, key: "register.accountPhoneOrEmail" },
  ])("regauth $regauth: an empty account → $key", ({ regauth, key }) => {
    expect(checkRegisterAccount("", regauth)).toBe(key);
  });

  it.each<AccountCase>([
    ...underEveryRegauth("3 characters", "abc", "register.accountLength"),
    ...underEveryRegauth(
      "3 code points with an emoji (4 UTF-16 units)",
      "a😀b",
      "register.accountLength",
    ),
    ...underEveryRegauth("3 spaces", "   ", "register.accountLength"),
    ...underEveryRegauth(
      "33 characters",
      "a".repeat(33),
      "register.accountLength",
    ),
    ...underEveryRegauth(
      "a 33-character email",
      emailOfLength(33),
      "register.accountLength",
    ),
    ...underEveryRegauth("33 emoji", "😀".repeat(33), "register.accountLength"),
  ])("$name → $expected", ({ account, regauth, expected }) => {
    expect(checkRegisterAccount(account, regauth)).toBe(expected);
  });

  it.each<AccountCase>([
    ...underEveryRegauth(
      "Chinese characters",
      "张三abc",
      "register.accountChars",
    ),
    ...underEveryRegauth("only Chinese", "中文中文", "register.accountChars"),
    ...underEveryRegauth(
      "an astral Han character",
      "ab𠀀cd",
      "register.accountChars",
    ),
    ...underEveryRegauth(
      "a phone with a Chinese character",
      "1380000000中",
      "register.accountChars",
    ),
    ...underEveryRegauth("a space inside", "ab cd", "register.accountChars"),
    ...underEveryRegauth("a leading space", " abcd", "register.accountChars"),
    ...underEveryRegauth(
      "a space in an email",
      "a b@example.com",
      "register.accountChars",
    ),
    ...underEveryRegauth("a tab", "abcd\t", "register.accountChars"),
    ...underEveryRegauth("a newline", "ab\ncd", "register.accountChars"),
    ...underEveryRegauth(
      "a phone with a trailing newline",
      "13800000000\n",
      "register.accountChars",
    ),
    ...underEveryRegauth("NUL", "ab\u0000cd", "register.accountChars"),
    ...underEveryRegauth("DEL", "ab\u007fcd", "register.accountChars"),
    ...underEveryRegauth(
      "a no-break space",
      "ab\u00a0cd",
      "register.accountChars",
    ),
    ...underEveryRegauth(
      "an ideographic space",
      "ab\u3000cd",
      "register.accountChars",
    ),
    ...underEveryRegauth(
      "a zero-width space",
      "ab\u200bcd",
      "register.accountChars",
    ),
    ...underEveryRegauth(
      "a byte-order mark",
      "\ufeffabcd",
      "register.accountChars",
    ),
    ...underEveryRegauth(
      "a soft hyphen",
      "ab\u00adcd",
      "register.accountChars",
    ),
  ])("$name → $expected", ({ account, regauth, expected }) => {
    expect(checkRegisterAccount(account, regauth)).toBe(expected);
  });

  it.each<AccountCase>([
    { name: "4 characters", account: "abcd", regauth: 0, expected: null },
    {
      name: "4 code points with an emoji",
      account: "ab😀c",
      regauth: 0,
      expected: null,
    },
    {
      name: "32 characters",
      account: "a".repeat(32),
      regauth: 0,
      expected: null,
    },
    {
      name: "32 emoji (64 UTF-16 units)",
      account: "😀".repeat(32),
      regauth: 0,
      expected: null,
    },
    { name: "a phone", account: "13800000000", regauth: 0, expected: null },
    {
      name: "an email",
      account: "user@example.com",
      regauth: 0,
      expected: null,
    },
    {
      name: "letters, digits and punctuation",
      account: "User_name-01.x",
      regauth: 0,
      expected: null,
    },
  ])("regauth 0 accepts $name", ({ account, regauth, expected }) => {
    expect(checkRegisterAccount(account, regauth)).toBe(expected);
  });

  it.each<{ name: string; account: string; expected: MessageKey | null }>([
    { name: "13800000000", account: "13800000000", expected: null },
    { name: "19912345678", account: "19912345678", expected: null },
    { name: "13999999999", account: "13999999999", expected: null },
    {
      name: "12800000000 (1 then 2)",
      account: "12800000000",
      expected: "register.accountPhone",
    },
    {
      name: "10800000000 (1 then 0)",
      account: "10800000000",
      expected: "register.accountPhone",
    },
    {
      name: "23800000000 (not starting with 1)",
      account: "23800000000",
      expected: "register.accountPhone",
    },
    {
      name: "1380000000 (10 digits)",
      account: "1380000000",
      expected: "register.accountPhone",
    },
    {
      name: "138000000000 (12 digits)",
      account: "138000000000",
      expected: "register.accountPhone",
    },
    {
      name: "+8613800000000",
      account: "+8613800000000",
      expected: "register.accountPhone",
    },
    {
      name: "138-0000-0000",
      account: "138-0000-0000",
      expected: "register.accountPhone",
    },
    {
      name: "full-width digits",
      account: "１３８００００００００",
      expected: "register.accountPhone",
    },
    {
      name: "an email",
      account: "user@example.com",
      expected: "register.accountPhone",
    },
    {
      name: "4 characters",
      account: "1380",
      expected: "register.accountPhone",
    },
    {
      name: "32 digits",
      account: "1".repeat(32),
      expected: "register.accountPhone",
    },
  ])("regauth 1 (phone): $name → $expected", ({ account, expected }) => {
    expect(checkRegisterAccount(account, 1)).toBe(expected);
  });

  it.each<{ name: string; account: string; expected: MessageKey | null }>([
    { name: "user@example.com", account: "user@example.com", expected: null },
    {
      name: "a.b+tag@example.co.uk",
      account: "a.b+tag@example.co.uk",
      expected: null,
    },
    { name: "a@b.co (6 characters)", account: "a@b.co", expected: null },
    {
      name: "a 32-character email",
      account: emailOfLength(32),
      expected: null,
    },
    {
      name: "a phone",
      account: "13800000000",
      expected: "register.accountEmail",
    },
    { name: "user@", account: "user@", expected: "register.accountEmail" },
    {
      name: "@example.com",
      account: "@example.com",
      expected: "register.accountEmail",
    },
    {
      name: "user@example (no TLD)",
      account: "user@example",
      expected: "register.accountEmail",
    },
    {
      name: "user@@example.com",
      account: "user@@example.com",
      expected: "register.accountEmail",
    },
    {
      name: "user.example.com",
      account: "user.example.com",
      expected: "register.accountEmail",
    },
    {
      name: "a@bc (4 characters)",
      account: "a@bc",
      expected: "register.accountEmail",
    },
  ])("regauth 2 (email): $name → $expected", ({ account, expected }) => {
    expect(checkRegisterAccount(account, 2)).toBe(expected);
  });

  it.each<{ name: string; account: string; expected: MessageKey | null }>([
    { name: "a phone", account: "13800000000", expected: null },
    { name: "an email", account: "user@example.com", expected: null },
    {
      name: "a 32-character email",
      account: emailOfLength(32),
      expected: null,
    },
    {
      name: "12800000000",
      account: "12800000000",
      expected: "register.accountPhoneOrEmail",
    },
    {
      name: "1380000000",
      account: "1380000000",
      expected: "register.accountPhoneOrEmail",
    },
    {
      name: "138000000000",
      account: "138000000000",
      expected: "register.accountPhoneOrEmail",
    },
    {
      name: "user@example",
      account: "user@example",
      expected: "register.accountPhoneOrEmail",
    },
    {
      name: "a plain 4-character account",
      account: "abcd",
      expected: "register.accountPhoneOrEmail",
    },
    {
      name: "a plain 32-character account",
      account: "a".repeat(32),
      expected: "register.accountPhoneOrEmail",
    },
  ])(
    "regauth 3 (phone or email): $name → $expected",
    ({ account, expected }) => {
      expect(checkRegisterAccount(account, 3)).toBe(expected);
    },
  );
});

describe("checkRealname", () => {
  it.each<{ name: string; realname: string; expected: MessageKey | null }>([
    { name: "empty", realname: "", expected: "register.realnameLength" },
    {
      name: "only spaces",
      realname: "    ",
      expected: "register.realnameLength",
    },
    { name: "1 character", realname: "a", expected: "register.realnameLength" },
    {
      name: "1 Chinese character",
      realname: "张",
      expected: "register.realnameLength",
    },
    {
      name: "1 character inside spaces",
      realname: "  a  ",
      expected: "register.realnameLength",
    },
    { name: "2 characters", realname: "ab", expected: null },
    { name: "2 Chinese characters", realname: "张三", expected: null },
    { name: "2 emoji", realname: "😀😀", expected: null },
    { name: "2 characters inside spaces", realname: "  ab  ", expected: null },
    {
      name: "2 characters inside tab and newline",
      realname: "\tab\n",
      expected: null,
    },
    { name: "16 characters", realname: "a".repeat(16), expected: null },
    {
      name: "16 Chinese characters",
      realname: "张".repeat(16),
      expected: null,
    },
    {
      name: "16 emoji (32 UTF-16 units)",
      realname: "😀".repeat(16),
      expected: null,
    },
    {
      name: "16 characters inside spaces",
      realname: ` ${"a".repeat(16)} `,
      expected: null,
    },
    {
      name: "17 characters",
      realname: "a".repeat(17),
      expected: "register.realnameLength",
    },
    {
      name: "17 emoji",
      realname: "😀".repeat(17),
      expected: "register.realnameLength",
    },
  ])("$name → $expected", ({ realname, expected }) => {
    expect(checkRealname(realname)).toBe(expected);
  });
});

describe("checkPassword", () => {
  it.each<{ name: string; password: string; expected: MessageKey | null }>([
    { name: "empty", password: "", expected: "register.passwordLength" },
    {
      name: "5 characters",
      password: "12345",
      expected: "register.passwordLength",
    },
    {
      name: "5 emoji (10 UTF-16 units)",
      password: "😀".repeat(5),
      expected: "register.passwordLength",
    },
    { name: "6 characters", password: "123456", expected: null },
    {
      name: "6 with a leading space (not trimmed)",
      password: " 12345",
      expected: null,
    },
    { name: "6 emoji", password: "😀".repeat(6), expected: null },
    { name: "16 characters", password: "p".repeat(16), expected: null },
    { name: "16 emoji", password: "😀".repeat(16), expected: null },
    {
      name: "17 characters",
      password: "p".repeat(17),
      expected: "register.passwordLength",
    },
  ])("$name → $expected", ({ password, expected }) => {
    expect(checkPassword(password)).toBe(expected);
  });
});

describe("isCodeShape", () => {
  it.each<{ code: string; expected: boolean }>([
    { code: "123456", expected: true },
    { code: "000000", expected: true },
    { code: "12345", expected: false },
    { code: "1234567", expected: false },
    { code: "12345a", expected: false },
    { code: "12 456", expected: false },
    { code: " 123456", expected: false },
    { code: "123456 ", expected: false },
    { code: "123456\n", expected: false },
    { code: "-12345", expected: false },
    { code: "１２３４５６", expected: false },
    { code: "", expected: false },
  ])("$code → $expected", ({ code, expected }) => {
    expect(isCodeShape(code)).toBe(expected);
  });
});

describe("stripChinese", () => {
  it.each<{ name: string; input: string; expected: string }>([
    { name: "plain text is kept", input: "abc123", expected: "abc123" },
    { name: "Chinese inside", input: "ab张三cd", expected: "abcd" },
    { name: "only Chinese", input: "中文", expected: "" },
    { name: "every occurrence", input: "a中b文c", expected: "abc" },
    { name: "astral Han", input: "ab𠀀cd", expected: "abcd" },
    {
      name: "an email",
      input: "user@example.com",
      expected: "user@example.com",
    },
    {
      name: "Chinese punctuation is not Han",
      input: "a，b。",
      expected: "a，b。",
    },
    { name: "emoji are kept", input: "a😀张", expected: "a😀" },
    { name: "empty", input: "", expected: "" },
  ])("$name", ({ input, expected }) => {
    expect(stripChinese(input)).toBe(expected);
  });

  it("gives the same answer on repeated calls (no regex state)", () => {
    expect(stripChinese("张abc")).toBe("abc");
    expect(stripChinese("张abc")).toBe("abc");
  });
});

describe("registerNeedsCode", () => {
  it.each<{ regauth: RegAuth; expected: boolean }>([
    { regauth: 0, expected: false },
    { regauth: 1, expected: true },
    { regauth: 2, expected: true },
    { regauth: 3, expected: true },
  ])("regauth $regauth → $expected", ({ regauth, expected }) => {
    expect(registerNeedsCode(regauth)).toBe(expected);
  });
});

describe("characterLength", () => {
  it.each<{ name: string; input: string; expected: number }>([
    { name: "empty", input: "", expected: 0 },
    { name: "ASCII", input: "abc", expected: 3 },
    { name: "Chinese", input: "张三", expected: 2 },
    { name: "an emoji", input: "😀", expected: 1 },
    {
      name: "a ZWJ family (code points, not graphemes)",
      input: "👨‍👩‍👧",
      expected: 5,
    },
  ])("$name → $expected", ({ input, expected }) => {
    expect(characterLength(input)).toBe(expected);
  });
});

describe("regauthOf", () => {
  it.each<{ value: string | undefined; expected: RegAuth }>([
    { value: "0", expected: 0 },
    { value: "1", expected: 1 },
    { value: "2", expected: 2 },
    { value: "3", expected: 3 },
    { value: "4", expected: 0 },
    { value: "", expected: 0 },
    { value: "toString", expected: 0 },
    { value: undefined, expected: 0 },
  ])("$value → $expected", ({ value, expected }) => {
    expect(regauthOf(value)).toBe(expected);
  });
});
