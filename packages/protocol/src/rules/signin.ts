import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { TOTP_REQUIRED, type TotpRequired } from "../entities/signin.js";

/*
 * Sign-in as organisations require it (issue 46, extensions.md §7): two-factor codes
 * (TOTP, RFC 6238), single sign-on with OpenID Connect, and directory accounts over LDAP.
 * The `signin` config section an administrator saves; until it is saved the environment
 * (OIDC_*, LDAP_*, SSO_ONLY, TOTP_REQUIRED) stands for it, as mail's does.
 */

/** Digits of a two-factor code. */
export const TOTP_DIGITS = 6;
/** Seconds a two-factor code is current for (one step). */
export const TOTP_PERIOD_S = 30;
/** Recovery codes made when two-factor is turned on, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** Whether a role must use two-factor under a requirement (administrators: role 1 or 2). */
export function totpRequiredFor(required: TotpRequired, role: number): boolean {
  return required === "2" || (required === "1" && role !== 0);
}

/** A current two-factor code: six digits (spaces typed between them are dropped). */
export function isTotpShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A recovery code as it is shown: two groups of five letters or digits, with a hyphen. */
export function isRecoveryShape(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code);
}

/** What a person types as a code, made comparable: spaces gone, lower case. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, "").toLowerCase();
}

/** The directory search when none is set: the account typed as the uid or the mail. */
export const LDAP_DEFAULT_FILTER = "(|(uid={account})(mail={account}))";

const flag = z.pipe(formString(), z.enum(["0", "1"]));
const text = (max: number) =>
  z.pipe(formString(), z.string().check(z.trim(), z.maxLength(max)));
/** A secret typed once: "" keeps the stored one (it is never sent back to be shown). */
const secret = (max: number) =>
  z.pipe(formString(), z.string().check(z.maxLength(max)));

/** An OpenID provider's issuer: https, or http on a loopback address only; or "". */
export function isIssuerUrl(value: string): boolean {
  return (
    value === "" ||
    /^https:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(value) ||
    /^http:\/\/(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?(\/[^\s?#]*)?$/i.test(
      value,
    )
  );
}

/** A directory address: ldap:// or ldaps://, host and optional port; or "". */
export function isLdapUrl(value: string): boolean {
  return value === "" || /^ldaps?:\/\/[^\s/?#@]+\/?$/i.test(value);
}

/** An LDAP search filter holding `{account}` once at least, in parentheses. */
export function isLdapFilter(value: string): boolean {
  return (
    value === "" ||
    (value.startsWith("(") &&
      value.endsWith(")") &&
      value.includes("{account}"))
  );
}

/** `signin` fields an administrator sets in the console (Settings → Sign-in). */
export const SigninPatchSchema = z.partial(
  z.strictObject({
    /** Who must use two-factor. */
    totpRequired: z.pipe(formString(), z.enum(TOTP_REQUIRED)),
    oidcIssuer: z.pipe(
      text(500),
      z.string().check(z.refine((v) => isIssuerUrl(v))),
    ),
    oidcClientId: text(255),
    /** Write-only: "" keeps the stored secret. */
    oidcSecret: secret(1000),
    /** "1" removes the stored client secret (a public client). */
    clearOidcSecret: flag,
    /** The login button's label ("Sign in with …"). */
    oidcName: text(50),
    /** "1" an unknown person signing in gets an account (the default). */
    oidcCreateUsers: flag,
    /** "1" only single sign-on: the password form is for administrators alone. */
    ssoOnly: flag,
    ldapUrl: z.pipe(text(500), z.string().check(z.refine((v) => isLdapUrl(v)))),
    ldapBindDn: text(500),
    /** Write-only: "" keeps the stored password. */
    ldapBindPassword: secret(500),
    /** "1" removes the stored bind password (an anonymous search). */
    clearLdapBindPassword: flag,
    ldapBaseDn: text(500),
    ldapFilter: z.pipe(
      text(500),
      z.string().check(z.refine((v) => isLdapFilter(v))),
    ),
    /** "1" StartTLS on an ldap:// address. */
    ldapStartTls: flag,
    /** A PEM certificate authority the directory's certificate must chain to; "" the system's. */
    ldapCa: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.maxLength(20_000),
        z.refine((v) => v === "" || v.includes("-----BEGIN CERTIFICATE-----")),
      ),
    ),
  }),
);
