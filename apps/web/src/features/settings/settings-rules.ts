import {
  checkPassword,
  checkRegisterAccount,
  isCodeShape,
  type MessageKey,
  PeopleLimits,
  type ProfileFields,
  profileProblem,
  type RegAuth,
} from "@parley/protocol";

/** What the settings namespace says for a rule the errors namespace has no words for. */
export type OwnRuleKey =
  | "rules.emailInvalid"
  | "rules.mottoLength"
  | "rules.sexInvalid"
  | "rules.oldPasswordRequired"
  | "rules.passwordMismatch"
  | "rules.codeRequired"
  | "rules.accountSame"
  | "rules.avatarType"
  | "rules.avatarTooLarge";

/** A field's problem: a server message key (errors:keys.*) or a settings-namespace key. */
export type SettingsProblem = { key: MessageKey } | { own: OwnRuleKey };

type Problems<T> = Partial<Record<keyof T, SettingsProblem>>;

/** The profile's protocol keys the errors namespace does not word (it words register.*). */
const PROFILE_WORDS: Partial<Record<MessageKey, OwnRuleKey>> = {
  "profile.emailInvalid": "rules.emailInvalid",
  "profile.mottoLength": "rules.mottoLength",
  "request.invalidField": "rules.sexInvalid",
};

/** A profile that passes every rule: each field is checked alone against it. */
const VALID_PROFILE: ProfileFields = {
  realname: "ok",
  email: "",
  sex: 2,
  motto: "",
};

/**
 * SPEC §5 Settings for the profile form, field by field, with the protocol's rule (the one
 * the server applies): a nickname of 2–16, an email when given, a known sex, a motto ≤ 100.
 */
export function profileErrors(values: ProfileFields): Problems<ProfileFields> {
  const errors: Problems<ProfileFields> = {};
  for (const field of ["realname", "email", "sex", "motto"] as const) {
    const problem = profileProblem({
      ...VALID_PROFILE,
      [field]: values[field],
    });
    if (!problem) continue;
    const own = PROFILE_WORDS[problem.key];
    errors[field] = own ? { own } : { key: problem.key };
  }
  return errors;
}

/** The change-password form. */
export interface PasswordValues {
  originalPassword: string;
  password: string;
  repassword: string;
  code: string;
}

/** A verification code: required, and 6 digits. */
function codeProblem(code: string): SettingsProblem | null {
  const trimmed = code.trim();
  if (trimmed === "") return { own: "rules.codeRequired" };
  return isCodeShape(trimmed) ? null : { key: "login.codeFormat" };
}

/**
 * SPEC §5 Settings for a new password: 6–16 characters, repeated the same, proved by the
 * current password and, for a verified account (`is_auth`), a change-password code too.
 * Just after a login by code (a forgotten password) neither is asked.
 */
export function passwordErrors(
  values: PasswordValues,
  verified: boolean,
  recovering = false,
): Problems<PasswordValues> {
  const errors: Problems<PasswordValues> = {};
  if (!recovering) {
    if (values.originalPassword === "")
      errors.originalPassword = { own: "rules.oldPasswordRequired" };
    if (verified) {
      const code = codeProblem(values.code);
      if (code) errors.code = code;
    }
  }
  const password = checkPassword(values.password);
  if (password) errors.password = { key: password };
  if (values.repassword !== values.password)
    errors.repassword = { own: "rules.passwordMismatch" };
  return errors;
}

/** The change-account form: the new account, its code, and the current account's code. */
export interface AccountValues {
  account: string;
  newCode: string;
  code: string;
}

/**
 * The registration rules the server applies to a new account: with regauth 0 it must
 * still be a phone or an email, since a code has to reach it.
 */
export function newAccountRegauth(regauth: RegAuth): RegAuth {
  return regauth === 0 ? 3 : regauth;
}

/**
 * SPEC §5 Settings for a new account: valid, not the current one, with the code sent to it;
 * a verified account (`is_auth`) also needs the code sent to the current one.
 */
export function accountErrors(
  values: AccountValues,
  options: { regauth: RegAuth; verified: boolean; current: string },
): Problems<AccountValues> {
  const errors: Problems<AccountValues> = {};
  const account = values.account.trim();
  const invalid = checkRegisterAccount(
    account,
    newAccountRegauth(options.regauth),
  );
  if (invalid) errors.account = { key: invalid };
  else if (account.toLowerCase() === options.current.toLowerCase())
    errors.account = { own: "rules.accountSame" };
  const newCode = codeProblem(values.newCode);
  if (newCode) errors.newCode = newCode;
  if (options.verified) {
    const code = codeProblem(values.code);
    if (code) errors.code = code;
  }
  return errors;
}

/** Avatar pictures SPEC §9 accepts: jpg, png, gif, jpeg. */
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
const AVATAR_EXTENSION = /\.(jpe?g|png|gif)$/i;

/**
 * A picture chosen for the avatar, checked before it is cropped or sent: an image of an
 * accepted kind (by type, else by name), at most 5 MB.
 */
export function avatarProblem(file: {
  name: string;
  type: string;
  size: number;
}): OwnRuleKey | null {
  const typed = file.type !== "";
  const accepted = typed
    ? (AVATAR_TYPES as readonly string[]).includes(file.type)
    : AVATAR_EXTENSION.test(file.name);
  if (!accepted) return "rules.avatarType";
  return file.size > PeopleLimits.avatarMaxBytes
    ? "rules.avatarTooLarge"
    : null;
}
