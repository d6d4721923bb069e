import { z } from "zod/mini";
import type { MessageKey } from "../common/message-keys.js";
import { Limits } from "./limits.js";

/** Registration auth mode (SPEC §9): 0 none, 1 phone, 2 email, 3 phone or email. */
export type RegAuth = 0 | 1 | 2 | 3;

/** A mainland phone number: 11 digits, 1 then 3–9 (SPEC §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

const emailSchema = z.email();

/** Whether a value is a phone number by SPEC §5's pattern. */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Whether a value is a standard email address. */
export function isEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** Length in characters (code points), so a CJK character or an emoji counts as one. */
export function characterLength(value: string): number {
  // Code points, deliberately: a limit must not depend on the viewer's locale segmentation.
  // oxlint-disable-next-line typescript/no-misused-spread
  return [...value].length;
}

const HAN = /\p{Script=Han}/gu;
const FORBIDDEN_IN_ACCOUNT = /[\p{Script=Han}\s\p{Cc}\p{Cf}]/u;

/** The account as typed, with Chinese characters stripped (SPEC §5). */
export function stripChinese(value: string): string {
  return value.replace(HAN, "");
}

/** The message shown when the account is missing or malformed, by regauth (SPEC §5). */
export function accountMessageKey(regauth: RegAuth): MessageKey {
  switch (regauth) {
    case 1:
      return "register.accountPhone";
    case 2:
      return "register.accountEmail";
    case 3:
      return "register.accountPhoneOrEmail";
    case 0:
      return "register.accountPlain";
  }
}

/** Checks a registration account against SPEC §5 for the given regauth; null when valid. */
export function checkRegisterAccount(
  account: string,
  regauth: RegAuth,
): MessageKey | null {
  if (account === "") return accountMessageKey(regauth);
  const length = characterLength(account);
  if (length < Limits.accountMin || length > Limits.accountMax)
    return "register.accountLength";
  if (FORBIDDEN_IN_ACCOUNT.test(account)) return "register.accountChars";
  const phone = isPhone(account);
  const email = isEmail(account);
  switch (regauth) {
    case 1:
      return phone ? null : "register.accountPhone";
    case 2:
      return email ? null : "register.accountEmail";
    case 3:
      return phone || email ? null : "register.accountPhoneOrEmail";
    case 0:
      return null;
  }
}

/** Checks a realname or nickname: 2–16 characters after trimming (SPEC §5). */
export function checkRealname(realname: string): MessageKey | null {
  const length = characterLength(realname.trim());
  return length < Limits.realnameMin || length > Limits.realnameMax
    ? "register.realnameLength"
    : null;
}

/** Checks a new password: 6–16 characters (SPEC §5). */
export function checkPassword(password: string): MessageKey | null {
  const length = characterLength(password);
  return length < Limits.passwordMin || length > Limits.passwordMax
    ? "register.passwordLength"
    : null;
}

/** Whether a verification code has the shape decisions.md gives it: 6 digits. */
export function isCodeShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Whether registration needs a code for this regauth: whenever it is not 0 (decisions.md). */
export function registerNeedsCode(regauth: RegAuth): boolean {
  return regauth !== 0;
}

const REGAUTH_VALUES: ReadonlyMap<string | undefined, RegAuth> = new Map([
  ["1", 1],
  ["2", 2],
  ["3", 3],
]);

/** sysInfo.regauth as a number; anything unknown is 0, no code (SPEC §9). */
export function regauthOf(value: string | undefined): RegAuth {
  return REGAUTH_VALUES.get(value) ?? 0;
}
