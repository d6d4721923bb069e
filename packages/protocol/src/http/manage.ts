import { z } from "zod/mini";
import { formString, optional } from "../common/form.js";
import {
  ChatInfoSchema,
  FileUploadInfoSchema,
  SysInfoSchema,
} from "../entities/config.js";
import {
  CONFIG_SECTIONS,
  type ConfigSection,
  SMS_CONTENT_TYPES,
  SMS_METHODS,
  SMTP_SECURITY,
  STORAGE_DISKS,
} from "../rules/config.js";
import { isPhone } from "../rules/account.js";
import { SigninInfoSchema } from "../entities/signin.js";
import { defineCall } from "./define.js";

export * from "./manage-audit.js";
export * from "./manage-bots.js";
export * from "./manage-config.js";
export * from "./manage-groups.js";
export * from "./manage-messages.js";
export * from "./manage-notices.js";
export * from "./manage-tasks.js";
export * from "./manage-users.js";

const SECTION_NAMES = Object.keys(CONFIG_SECTIONS) as [
  ConfigSection,
  ...ConfigSection[],
];

/**
 * `manage/config/setConfig` (administrators; refused in demo mode): saves fields of one
 * section (`name`) of the global config from `value[...]`, each checked by the section's
 * rules; every signed-in client gets `updateConfig` at once. Closing the system (sysInfo
 * state "0") ends the sessions of everyone but administrators.
 */
export const setConfig = defineCall({
  path: "/manage/config/setConfig",
  auth: "admin",
  request: z.object({
    name: z.pipe(
      formString(),
      z.enum(SECTION_NAMES, { error: "config.invalidField" }),
    ),
    /** Checked against the section's own rules by the server. */
    value: z.record(z.string(), z.unknown()),
  }),
  response: z.literal(""),
});

/** Where a mail or storage setting comes from: the environment until the console saves it. */
export const SETTING_SOURCES = ["env", "console"] as const;

/**
 * How the server sends mail, as the console shows it: from the console once an administrator
 * saved it, else from the environment (SMTP_*). The password is never included, only
 * whether one is set.
 */
export const SmtpInfoSchema = z.object({
  /** "" when no SMTP server is configured (codes then go to the server log). */
  host: z.string(),
  port: z.string(),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  addr: z.string(),
  sign: z.string(),
  hasPassword: z.boolean(),
  source: z.enum(SETTING_SOURCES),
});
/** How the server sends mail. */
export type SmtpInfo = z.infer<typeof SmtpInfoSchema>;

/** Where uploaded files are kept: the local disk, or an S3 bucket (never its keys). */
export const StorageInfoSchema = z.object({
  disk: z.enum(STORAGE_DISKS),
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  pathStyle: z.enum(["0", "1"]),
  hasAccessKey: z.boolean(),
  hasSecretKey: z.boolean(),
  source: z.enum(SETTING_SOURCES),
});
/** Where uploaded files are kept. */
export type StorageInfo = z.infer<typeof StorageInfoSchema>;

/**
 * How the server sends verification codes by SMS, as the console shows it: from the console
 * once saved, else from the environment (SMS_*). The Authorization header is never
 * included, only whether one is set.
 */
export const SmsInfoSchema = z.object({
  /** "" when no SMS gateway is configured (phone codes then go to the server log). */
  url: z.string(),
  method: z.enum(SMS_METHODS),
  body: z.string(),
  contentType: z.enum(SMS_CONTENT_TYPES),
  hasAuthHeader: z.boolean(),
  source: z.enum(SETTING_SOURCES),
});
/** How the server sends SMS. */
export type SmsInfo = z.infer<typeof SmsInfoSchema>;

/** Every section of the config, for Parley's console settings page: no secret in it. */
export const AllConfigSchema = z.object({
  sysInfo: SysInfoSchema,
  chatInfo: ChatInfoSchema,
  fileUpload: FileUploadInfoSchema,
  smtp: SmtpInfoSchema,
  storage: StorageInfoSchema,
  sms: SmsInfoSchema,
  signin: SigninInfoSchema,
  demon_mode: z.int(),
  version: z.string(),
});
/** Every section of the config, as the console reads it. */
export type AllConfig = z.infer<typeof AllConfigSchema>;

/**
 * `manage/config/getSettings` (administrators): Parley's console settings page reads every
 * section and how mail and storage are set up, saying only whether a password or key is
 * set (wire-contract §7 hole 4 closed). Beside the wire's getAllConfig, which old clients
 * read as an array of rows.
 */
export const getSettings = defineCall({
  path: "/manage/config/getSettings",
  auth: "admin",
  request: z.object({}),
  response: AllConfigSchema,
});

/** How long an invitation link stays valid. */
export const INVITE_LINK_DAYS = 7;

/**
 * `manage/config/getInviteLink`: a registration link carrying a new invitation code (8
 * characters, valid for `INVITE_LINK_DAYS` days, any number of registrations), what
 * registration by invitation (regtype 2) asks for.
 */
export const getInviteLink = defineCall({
  path: "/manage/config/getInviteLink",
  auth: "admin",
  request: z.object({}),
  response: z.string(),
});

/** The largest logo picture accepted, in bytes. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The largest side of a stored logo, in pixels: bigger pictures are scaled down. */
export const LOGO_MAX_SIDE = 512;
/** The largest picture an article may carry, in bytes. */
export const ARTICLE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The largest side of a stored article picture, in pixels: bigger ones are scaled down. */
export const ARTICLE_IMAGE_MAX_SIDE = 1600;
/** The types a console picture may be (judged by its bytes on the server). */
export const CONSOLE_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
] as const;
/** What a picture is uploaded for: the system logo, or a picture in an article. */
export const IMAGE_PURPOSES = ["logo", "article"] as const;

/**
 * `common/upload/uploadImage` (multipart `file`, optional `purpose`): a picture for the
 * console (wire-contract.md §2.3), judged by its bytes (JPEG, PNG, GIF or WebP) and drawn
 * again: the system logo (the default) as a PNG of at most 512 px a side, at most 2 MB
 * sent; an article's picture at most 1600 px a side (PNG when it has transparency, else
 * JPEG), at most 8 MB sent. Answers its public address. Administrators only.
 */
export const uploadImage = defineCall({
  path: "/common/upload/uploadImage",
  auth: "admin",
  upload: { field: "file" },
  request: z.object({
    purpose: optional(
      z.pipe(
        formString(),
        z.enum(IMAGE_PURPOSES, { error: "request.invalidField" }),
      ),
    ),
  }),
  response: z.string(),
});

/** `manage/config/sendTestEmail`: sends a test message through the configured SMTP server. */
export const sendTestEmail = defineCall({
  path: "/manage/config/sendTestEmail",
  auth: "admin",
  request: z.object({
    email: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.maxLength(128),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, {
          error: "console.emailInvalid",
        }),
      ),
    ),
  }),
  response: z.literal(""),
});

/** `manage/config/sendTestSms`: sends a test text message through the configured SMS gateway. */
export const sendTestSms = defineCall({
  path: "/manage/config/sendTestSms",
  auth: "admin",
  request: z.object({
    phone: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.refine((v) => isPhone(v), { error: "console.phoneInvalid" }),
      ),
    ),
  }),
  response: z.literal(""),
});

/** Messages and registrations of one day (UTC date `YYYY-MM-DD`). */
export const DailyFigureSchema = z.object({
  day: z.string(),
  messages: z.int(),
  registrations: z.int(),
});

/** How many days the console home charts. */
export const DASHBOARD_DAYS = 30;

/**
 * `manage/index/index`: the console home's figures (the wire's counts, and beyond it the
 * messages of today, the bytes stored and `DASHBOARD_DAYS` days of daily figures).
 */
export const dashboard = defineCall({
  path: "/manage/index/index",
  auth: "admin",
  request: z.object({ client_id: optional(formString()) }),
  response: z.object({
    userCount: z.int(),
    groupCount: z.int(),
    messageCount: z.int(),
    fileCount: z.int(),
    onlineCount: z.int(),
    clientCount: z.int(),
    isJoin: z.int(),
    messagesToday: z.int(),
    storageBytes: z.number(),
    daily: z.array(DailyFigureSchema),
  }),
});
