import fs from "node:fs";
import {
  type SigninInfo,
  type SsoProvider,
  TOTP_REQUIRED,
  type TotpRequired,
} from "@parley/protocol";
import type { Config } from "../../config.js";
import { oneOf, parsed, type Sourced, text } from "./delivery-settings.js";

/*
 * How people sign in (issue 46, extensions.md §7): the `signin` config row, which an
 * administrator sets in the console (Settings → Sign-in). Until it is saved, the
 * environment (OIDC_*, LDAP_*, SSO_ONLY, TOTP_REQUIRED) stands for it, as mail's does. The
 * client secret and the bind password never leave the server: views say only whether one
 * is set.
 */

/** The `signin` row, every value a string as the console sends it. */
export interface SigninRow {
  totpRequired: TotpRequired;
  oidcIssuer: string;
  oidcClientId: string;
  oidcSecret: string;
  oidcName: string;
  oidcCreateUsers: "0" | "1";
  ssoOnly: "0" | "1";
  ldapUrl: string;
  ldapBindDn: string;
  ldapBindPassword: string;
  ldapBaseDn: string;
  ldapFilter: string;
  ldapStartTls: "0" | "1";
  ldapCa: string;
}

/** Where a provider sends people back after they sign in there. */
export const OIDC_CALLBACK_PATH = "/auth/oidc/callback";
/** What the login screen's SSO button opens (relative, answers a redirect). */
export const OIDC_START_PATH = "/auth/oidc/login";

const bit = (on: boolean): "0" | "1" => (on ? "1" : "0");

/** The sign-in settings the environment gives (LDAP_CA_FILE read once, at start). */
export function signinFromEnv(config: Config): SigninRow {
  let ca = "";
  if (config.LDAP_CA_FILE) {
    try {
      ca = fs.readFileSync(config.LDAP_CA_FILE, "utf8");
    } catch (error) {
      throw new Error(
        `LDAP_CA_FILE ${config.LDAP_CA_FILE} cannot be read: ${String(error)}`,
        { cause: error },
      );
    }
  }
  return {
    totpRequired: config.TOTP_REQUIRED,
    oidcIssuer: config.OIDC_ISSUER ?? "",
    oidcClientId: config.OIDC_CLIENT_ID,
    oidcSecret: config.OIDC_CLIENT_SECRET,
    oidcName: config.OIDC_NAME,
    oidcCreateUsers: bit(config.OIDC_CREATE_USERS),
    ssoOnly: bit(config.SSO_ONLY),
    ldapUrl: config.LDAP_URL ?? "",
    ldapBindDn: config.LDAP_BIND_DN,
    ldapBindPassword: config.LDAP_BIND_PASSWORD,
    ldapBaseDn: config.LDAP_BASE_DN,
    ldapFilter: config.LDAP_FILTER,
    ldapStartTls: bit(config.LDAP_STARTTLS),
    ldapCa: ca,
  };
}

/** The sign-in row in force: the saved one, else the environment's. */
export function readSignin(
  raw: string | undefined,
  env: SigninRow,
): Sourced<SigninRow> {
  const stored = raw === undefined ? null : parsed(raw);
  if (!stored) return { row: env, source: "env" };
  const flag = (value: unknown, fallback: "0" | "1") =>
    oneOf(["0", "1"] as const, value, fallback);
  return {
    source: "console",
    row: {
      totpRequired: TOTP_REQUIRED.find((v) => v === stored.totpRequired) ?? "0",
      oidcIssuer: text(stored.oidcIssuer, ""),
      oidcClientId: text(stored.oidcClientId, ""),
      oidcSecret: text(stored.oidcSecret, ""),
      oidcName: text(stored.oidcName, "SSO"),
      oidcCreateUsers: flag(stored.oidcCreateUsers, "1"),
      ssoOnly: flag(stored.ssoOnly, "0"),
      ldapUrl: text(stored.ldapUrl, ""),
      ldapBindDn: text(stored.ldapBindDn, ""),
      ldapBindPassword: text(stored.ldapBindPassword, ""),
      ldapBaseDn: text(stored.ldapBaseDn, ""),
      ldapFilter: text(stored.ldapFilter, ""),
      ldapStartTls: flag(stored.ldapStartTls, "0"),
      ldapCa: text(stored.ldapCa, ""),
    },
  };
}

/** Whether single sign-on is set up: an issuer and a client. */
export function oidcOn(row: SigninRow): boolean {
  return row.oidcIssuer !== "" && row.oidcClientId !== "";
}

/** The SSO buttons the login screen offers. */
export function ssoProviders(row: SigninRow): SsoProvider[] {
  return oidcOn(row)
    ? [{ id: "oidc", name: row.oidcName || "SSO", url: OIDC_START_PATH }]
    : [];
}

/** The sign-in settings as the console shows them: no secret, only whether one is set. */
export function signinView(
  { row, source }: Sourced<SigninRow>,
  publicUrl: string,
): SigninInfo {
  const { oidcSecret, ldapBindPassword, ...shown } = row;
  return {
    ...shown,
    hasOidcSecret: oidcSecret !== "",
    hasLdapBindPassword: ldapBindPassword !== "",
    callbackUrl: `${publicUrl}${OIDC_CALLBACK_PATH}`,
    source,
  };
}
