import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const projectRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../..",
);

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .default("0")
  .transform((v) => v === "1" || v === "true");
const int = (fallback: number) =>
  z.coerce.number().int().min(0).default(fallback);
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

const EnvSchema = z.object({
  PORT: int(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(path.join(projectRoot, "data")),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z.string().startsWith("postgres").optional(),
  ),
  /** A PostgreSQL schema to live in (created when missing); default: the search path. */
  DATABASE_SCHEMA: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
  ),
  /**
   * Who syncs SQLite's WAL at each commit: SQLite itself (FULL), or the driver off the
   * event loop (db/sqlite-driver.ts), for disks whose fsync takes milliseconds.
   */
  SQLITE_SYNC: z.enum(["sqlite", "driver"]).default("sqlite"),
  /** A profiling aid: each statement's count and time written to this file at exit. */
  SQL_TIMINGS: z.preprocess(blankToUndefined, z.string().optional()),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z.string().startsWith("redis").optional(),
  ),
  /** Prefix of every Redis key and channel, so installations can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
    .default("parley"),
  PUBLIC_URL: z.preprocess(blankToUndefined, z.url().optional()),
  ADMIN_ACCOUNT: z.string().min(4).max(32).default("admin"),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(6).max(16).optional(),
  ),
  SMTP_HOST: z.preprocess(blankToUndefined, z.string().optional()),
  SMTP_PORT: int(587),
  SMTP_USER: z.preprocess(blankToUndefined, z.string().optional()),
  SMTP_PASS: z.preprocess(blankToUndefined, z.string().optional()),
  SMTP_FROM: z.string().default("Parley <no-reply@localhost>"),
  SMTP_SECURE: flag,
  /**
   * An HTTP SMS gateway for phone verification codes (README): a URL template with {phone},
   * {code} and {text}; the console's `sms` settings stand for these once saved.
   */
  SMS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+\S*$/i)
      .optional(),
  ),
  SMS_METHOD: z.preprocess(
    blankToUndefined,
    z.enum(["POST", "GET"]).default("POST"),
  ),
  SMS_BODY: z.string().default(""),
  SMS_CONTENT_TYPE: z.preprocess(
    blankToUndefined,
    z
      .enum(["application/json", "application/x-www-form-urlencoded"])
      .default("application/json"),
  ),
  /** The Authorization header sent to the gateway ("Bearer …"); never shown or logged. */
  SMS_AUTH_HEADER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[^\r\n]*$/)
      .optional(),
  ),
  /** How long the gateway may take to answer before the code counts as not sent. */
  SMS_TIMEOUT_MS: int(10_000),
  /** Web Push (issue 11): the contact in the VAPID signature, a mailto: or https: URL. */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .default("mailto:postmaster@localhost"),
  /**
   * Push services allowed besides public https ones, as host:port (comma-separated): a
   * local push service in tests, or one on a private network. Nothing else private is
   * ever posted to, so a subscription cannot aim the server at an internal address.
   */
  WEB_PUSH_ALLOW_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** A PEM file of the certificate authority a private push service's TLS chains to. */
  WEB_PUSH_CA_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  /** Files in an S3-compatible bucket instead of `DATA_DIR/storage` (README). */
  S3_BUCKET: z.preprocess(blankToUndefined, z.string().min(3).optional()),
  S3_ENDPOINT: z.preprocess(blankToUndefined, z.url().optional()),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: flag,
  DEMO_MODE: flag,
  DEMO_PASSWORD: z.string().min(6).max(16).default("123456"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info"),
  TRUST_PROXY: flag,
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().default(path.join(projectRoot, "apps/web/dist")),
  BODY_LIMIT_BYTES: int(1024 * 1024),
  /**
   * How long a request body may pause before the server gives up on it and closes the
   * connection (0: never). A slow upload that keeps arriving is never cut.
   */
  BODY_IDLE_TIMEOUT_S: int(30),
  ARGON2_MEMORY_KIB: int(19456),
  ARGON2_TIME_COST: int(2),
  RATE_LOGIN_ACCOUNT: int(5),
  RATE_LOGIN_IP: int(20),
  RATE_LOGIN_WINDOW_S: int(15 * 60),
  RATE_REGISTER_IP: int(20),
  RATE_REGISTER_WINDOW_S: int(60 * 60),
  RATE_SENDCODE_IP: int(20),
  RATE_SENDCODE_WINDOW_S: int(60 * 60),
  /** One-time login tickets one user may mint per window (each holds a shared key 60 s). */
  RATE_TICKET_USER: int(20),
  RATE_TICKET_WINDOW_S: int(10 * 60),
  /** Deliveries one incoming webhook takes per window (issue 48). */
  RATE_HOOK: int(60),
  RATE_HOOK_WINDOW_S: int(60),
  // Slash commands run per user in the window (issue 48).
  RATE_COMMAND: int(30),
  RATE_COMMAND_WINDOW_S: int(60),
  RATE_UPLOAD_USER: int(60),
  RATE_UPLOAD_WINDOW_S: int(60),
  /** Messages one user may send per window, every chat together (issue 51 item 5). */
  RATE_SEND_USER: int(120),
  RATE_SEND_WINDOW_S: int(60),
  /**
   * Global searches one user may make a minute (issue 45): far more than typing asks for,
   * few enough that no one keeps the database reading a common word's index for others.
   */
  RATE_SEARCH_USER: int(60),
  /** Calls a user may start per window (reliability.md E5: ringing is rate-limited). */
  RATE_CALL_USER: int(20),
  RATE_CALL_WINDOW_S: int(60),
  /** Offers, answers and ICE candidates a user may relay per window. */
  RATE_SIGNAL_USER: int(600),
  RATE_SIGNAL_WINDOW_S: int(60),
  /**
   * `host:port` pairs link previews may fetch from whatever their address (an intranet's
   * own sites, tests), comma-separated (extensions.md §5).
   */
  LINK_PREVIEW_ALLOW_HOSTS: z.string().default(""),
  // `host:port` pairs outgoing hooks and slash commands may POST to whatever their address
  // (an intranet's CI), besides LINK_PREVIEW_ALLOW_HOSTS (issue 48).
  HOOK_ALLOW_HOSTS: z.string().default(""),
  /** How long a call rings before the server ends it (SPEC §9: 40 s); tests shorten it. */
  CALL_RING_MS: int(40_000),
  /*
   * Sign-in (issue 46, extensions.md §7): until the console's Settings → Sign-in is saved,
   * these stand for it (as SMTP_* stand for the mail settings).
   */
  /** An OpenID provider's issuer (https, or http on a loopback address): the SSO button. */
  OIDC_ISSUER: z.preprocess(blankToUndefined, z.string().optional()),
  OIDC_CLIENT_ID: z.string().default(""),
  OIDC_CLIENT_SECRET: z.string().default(""),
  /** The login button's label: "Sign in with <name>". */
  OIDC_NAME: z.string().max(50).default("SSO"),
  /** "0": a person unknown here is refused rather than given an account. */
  OIDC_CREATE_USERS: z
    .enum(["0", "1", "true", "false", ""])
    .default("1")
    .transform((v) => v !== "0" && v !== "false"),
  /** "1": only single sign-on; the password form is for administrators alone. */
  SSO_ONLY: flag,
  /** Who must use two-factor: 0 nobody, 1 administrators, 2 everyone. */
  TOTP_REQUIRED: z.enum(["0", "1", "2"]).default("0"),
  /** A directory (ldap:// or ldaps://) checked for password logins no local password matches. */
  LDAP_URL: z.preprocess(blankToUndefined, z.string().optional()),
  LDAP_BIND_DN: z.string().default(""),
  LDAP_BIND_PASSWORD: z.string().default(""),
  LDAP_BASE_DN: z.string().default(""),
  LDAP_FILTER: z.string().default(""),
  /** "1": StartTLS on an ldap:// address. */
  LDAP_STARTTLS: flag,
  /** A PEM file of the authority the directory's certificate must chain to. */
  LDAP_CA_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  /** How long one directory exchange may take. */
  LDAP_TIMEOUT_MS: int(5_000),
  /**
   * Where the nightly archive task writes (`npm run archive -- export`'s file, issue 47):
   * a folder, or `s3` for the bucket Settings → Files sets up (under `archive/`); unset:
   * the task writes nothing and says so.
   */
  ARCHIVE_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  /** How many nightly archives are kept; older ones are removed. */
  ARCHIVE_KEEP: z.coerce.number().int().min(1).max(365).default(7),
});

/** The server's configuration, parsed once from the environment. */
export type Config = z.infer<typeof EnvSchema>;

/** Parses the environment; a bad value stops the start with a clear list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
