import { Limits } from "@parley/protocol";

/** The login form's fields. */
export interface LoginValues {
  account: string;
  password: string;
  code: string;
}

/** Which way the user logs in: by password, or by a code sent to the account. */
export type LoginMode = "password" | "code";

/**
 * SPEC §5 Login: the account is required; the password in password mode; the code in
 * code mode, at most 6 characters. Answers i18n keys of the accounts namespace, per field.
 */
export function loginErrors(
  values: LoginValues,
  mode: LoginMode,
): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (values.account.trim() === "")
    errors.account = "validation.accountRequired";
  if (mode === "password" && values.password === "")
    errors.password = "validation.passwordRequired";
  if (mode === "code") {
    if (values.code.trim() === "") errors.code = "validation.codeRequired";
    else if (values.code.length > Limits.codeLength)
      errors.code = "validation.codeLength";
  }
  return errors;
}
