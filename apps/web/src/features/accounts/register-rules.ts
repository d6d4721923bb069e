import {
  checkPassword,
  checkRealname,
  checkRegisterAccount,
  type MessageKey,
  type RegAuth,
  stripChinese,
} from "@parley/protocol";

/** The register form's fields. */
export interface RegisterValues {
  account: string;
  realname: string;
  code: string;
  password: string;
  repassword: string;
}

/** A field's problem: a server message key (errors:keys.*) or an accounts-namespace key. */
export type RegisterProblem = { key: MessageKey } | { authKey: string };

/** The account as typed, with Chinese characters stripped (SPEC §5). */
export function normaliseAccount(value: string): string {
  return stripChinese(value);
}

/** SPEC §5 Register, computed with the same rules the server applies. */
export function registerErrors(
  values: RegisterValues,
  regauth: RegAuth,
): Partial<Record<keyof RegisterValues, RegisterProblem>> {
  const errors: Partial<Record<keyof RegisterValues, RegisterProblem>> = {};
  const account = checkRegisterAccount(values.account.trim(), regauth);
  if (account) errors.account = { key: account };
  const realname = checkRealname(values.realname);
  if (realname) errors.realname = { key: realname };
  if (regauth !== 0 && values.code.trim() === "")
    errors.code = { key: "register.codeRequired" };
  const password = checkPassword(values.password);
  if (password) errors.password = { key: password };
  if (values.repassword !== values.password)
    errors.repassword = { authKey: "validation.passwordMismatch" };
  return errors;
}
