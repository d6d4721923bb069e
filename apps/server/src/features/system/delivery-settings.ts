import type {
  SmsContentType,
  SmsInfo,
  SmsMethod,
  SmtpInfo,
  SmtpSecurity,
  StorageInfo,
} from "@parley/protocol";
import {
  SMS_CONTENT_TYPES,
  SMS_METHODS,
  SMTP_SECURITY,
  STORAGE_DISKS,
} from "@parley/protocol";
import type { Config } from "../../config.js";
import type { StorageChoice } from "../../storage/switching-storage.js";

/*
 * How mail and text messages leave and where files are kept: the `smtp`, `sms` and `storage`
 * config rows, which an
 * administrator sets in the console. Until a row is saved, the environment (SMTP_*, S3_*)
 * stands for it, so an installation set up by its environment keeps working unchanged.
 * Passwords and keys are kept here and never leave the server: views say only whether one
 * is set.
 */

/** The `smtp` row (wire-contract §4.2 names), every value a string as the wire carries it. */
export interface SmtpRow {
  host: string;
  port: string;
  security: SmtpSecurity;
  user: string;
  pass: string;
  addr: string;
  sign: string;
}

/** The `sms` row: an HTTP SMS gateway (URL and body templates, and its Authorization header). */
export interface SmsRow {
  url: string;
  method: SmsMethod;
  body: string;
  contentType: SmsContentType;
  authHeader: string;
}

/** The `storage` row: the disk in use and the bucket's settings (kept when the disk is local). */
export type StorageRow = StorageChoice;

/** A row and whether it was saved in the console or stands in from the environment. */
export interface Sourced<T> {
  row: T;
  source: "env" | "console";
}

/** The mail settings the environment gives. */
export function smtpFromEnv(config: Config): SmtpRow {
  // SMTP_FROM is "Name <address>" or a bare address.
  const from = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(config.SMTP_FROM);
  return {
    host: config.SMTP_HOST ?? "",
    port: String(config.SMTP_PORT),
    security: config.SMTP_SECURE ? "ssl" : "none",
    user: config.SMTP_USER ?? "",
    pass: config.SMTP_PASS ?? "",
    addr: from ? (from[2] ?? "").trim() : config.SMTP_FROM.trim(),
    sign: from ? (from[1] ?? "").replace(/^"|"$/g, "") : "",
  };
}

/** The SMS gateway the environment gives. */
export function smsFromEnv(config: Config): SmsRow {
  return {
    url: config.SMS_URL ?? "",
    method: config.SMS_METHOD,
    body: config.SMS_BODY,
    contentType: config.SMS_CONTENT_TYPE,
    authHeader: config.SMS_AUTH_HEADER ?? "",
  };
}

/** The storage the environment gives: its bucket when S3_BUCKET is set, else the disk. */
export function storageFromEnv(config: Config): StorageRow {
  return {
    disk: config.S3_BUCKET ? "s3" : "local",
    endpoint: config.S3_ENDPOINT ?? "",
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? "",
    accessKey: config.S3_ACCESS_KEY_ID ?? "",
    secretKey: config.S3_SECRET_ACCESS_KEY ?? "",
    pathStyle: config.S3_FORCE_PATH_STYLE ? "1" : "0",
  };
}

/** A stored text field, or the fallback when it is not text. */
export const text = (value: unknown, fallback: string): string =>
  typeof value === "string" ? value : fallback;

/** A stored choice, or the fallback when it is none of the options. */
export function oneOf<T extends string>(
  options: readonly T[],
  value: unknown,
  fallback: T,
): T {
  return options.find((option) => option === value) ?? fallback;
}

/** A stored JSON row read over the defaults; a damaged row reads as the defaults. */
export function parsed(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The mail row in force: the saved one, else the environment's. */
export function readSmtp(
  raw: string | undefined,
  env: SmtpRow,
): Sourced<SmtpRow> {
  const stored = raw === undefined ? null : parsed(raw);
  if (!stored) return { row: env, source: "env" };
  return {
    source: "console",
    row: {
      host: text(stored.host, ""),
      port: text(stored.port, "465"),
      security: oneOf(SMTP_SECURITY, stored.security, "ssl"),
      user: text(stored.user, ""),
      pass: text(stored.pass, ""),
      addr: text(stored.addr, ""),
      sign: text(stored.sign, ""),
    },
  };
}

/** The SMS row in force: the saved one, else the environment's. */
export function readSms(raw: string | undefined, env: SmsRow): Sourced<SmsRow> {
  const stored = raw === undefined ? null : parsed(raw);
  if (!stored) return { row: env, source: "env" };
  return {
    source: "console",
    row: {
      url: text(stored.url, ""),
      method: oneOf(SMS_METHODS, stored.method, "POST"),
      body: text(stored.body, ""),
      contentType: oneOf(
        SMS_CONTENT_TYPES,
        stored.contentType,
        "application/json",
      ),
      authHeader: text(stored.authHeader, ""),
    },
  };
}

/** The storage row in force: the saved one, else the environment's. */
export function readStorage(
  raw: string | undefined,
  env: StorageRow,
): Sourced<StorageRow> {
  const stored = raw === undefined ? null : parsed(raw);
  if (!stored) return { row: env, source: "env" };
  return {
    source: "console",
    row: {
      disk: oneOf(STORAGE_DISKS, stored.disk, "local"),
      endpoint: text(stored.endpoint, ""),
      region: text(stored.region, "us-east-1"),
      bucket: text(stored.bucket, ""),
      accessKey: text(stored.accessKey, ""),
      secretKey: text(stored.secretKey, ""),
      pathStyle: stored.pathStyle === "1" ? "1" : "0",
    },
  };
}

/** The mail settings as the console shows them: no password, only whether one is set. */
export function smtpView({ row, source }: Sourced<SmtpRow>): SmtpInfo {
  const { pass, ...shown } = row;
  return { ...shown, hasPassword: pass !== "", source };
}

/** The storage settings as the console shows them: no key, only whether each is set. */
export function storageView({ row, source }: Sourced<StorageRow>): StorageInfo {
  const { accessKey, secretKey, ...shown } = row;
  return {
    ...shown,
    hasAccessKey: accessKey !== "",
    hasSecretKey: secretKey !== "",
    source,
  };
}

/** The SMS settings as the console shows them: no Authorization header, only whether one is set. */
export function smsView({ row, source }: Sourced<SmsRow>): SmsInfo {
  const { authHeader, ...shown } = row;
  return { ...shown, hasAuthHeader: authHeader !== "", source };
}

/** The fields of each row that are secrets: audited as changed, never with their values. */
export const SECRET_SETTINGS = new Set([
  "pass",
  "accessKey",
  "secretKey",
  "authHeader",
  "oidcSecret",
  "ldapBindPassword",
]);

/** A row holding secrets and where they are sent. */
export type DeliveryRow = "smtp" | "storage" | "sms" | "signin";

/** How strongly each mail security setting protects the password on its way: higher is stronger. */
const SECURITY_STRENGTH: Record<string, number> = { none: 0, tls: 1, ssl: 2 };

/**
 * Where each row's secrets are sent: a save that changes any of `to` keeps none of
 * `secrets` it does not give anew. Otherwise whoever may edit the settings could point the
 * mail host (or the bucket, the SMS gateway, the OpenID provider, the directory) at a
 * listener of their own and have the server log in there with the stored secret.
 */
const GUARDED: Record<
  DeliveryRow,
  readonly { secrets: readonly string[]; to: readonly string[] }[]
> = {
  smtp: [{ secrets: ["pass"], to: ["host", "port", "user"] }],
  storage: [
    {
      secrets: ["accessKey", "secretKey"],
      to: ["endpoint", "bucket", "accessKey"],
    },
  ],
  sms: [{ secrets: ["authHeader"], to: ["url"] }],
  signin: [
    { secrets: ["oidcSecret"], to: ["oidcIssuer", "oidcClientId"] },
    {
      secrets: ["ldapBindPassword"],
      to: ["ldapUrl", "ldapBindDn", "ldapStartTls", "ldapCa"],
    },
  ],
};

/** The "1" flags that remove a row's stored secret. */
const CLEARS: Record<string, string> = {
  clearPass: "pass",
  clearAuthHeader: "authHeader",
  clearOidcSecret: "oidcSecret",
  clearLdapBindPassword: "ldapBindPassword",
};

/**
 * A saved row with a patch applied: a secret left "" keeps the stored one (the console never
 * has it to send back), unless the patch changes where that secret is sent (the mail host,
 * port or user, or a weaker mail security; the bucket's endpoint, name or access key; the
 * SMS gateway's URL; the OpenID provider or client; the directory's address, bind name or
 * TLS): then the stored secret is dropped. The `clear…` flags "1" remove a stored secret.
 */
export function patched<T extends object>(
  kind: DeliveryRow,
  row: T,
  patch: Record<string, unknown>,
): T {
  const before = row as Record<string, unknown>;
  const next: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(patch)) {
    if (Object.hasOwn(CLEARS, key)) continue;
    if (SECRET_SETTINGS.has(key) && value === "") continue;
    next[key] = value;
  }
  const weaker =
    kind === "smtp" &&
    (SECURITY_STRENGTH[String(next.security)] ?? 0) <
      (SECURITY_STRENGTH[String(before.security)] ?? 0);
  for (const { secrets, to } of GUARDED[kind]) {
    if (!weaker && !to.some((key) => next[key] !== before[key])) continue;
    for (const secret of secrets) {
      const given = patch[secret];
      if (typeof given !== "string" || given === "") next[secret] = "";
    }
  }
  for (const [flag, secret] of Object.entries(CLEARS))
    if (patch[flag] === "1" && secret in next) next[secret] = "";
  return next as T;
}
