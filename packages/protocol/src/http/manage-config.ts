import { z } from "zod/mini";
import { formString } from "../common/form.js";
import {
  ChatInfoSchema,
  FileUploadInfoSchema,
  SysInfoSchema,
} from "../entities/config.js";
import { SMTP_SECURITY } from "../rules/config.js";
import { defineCall } from "./define.js";

/*
 * The config as the old admin page reads it (wire-contract.md §2.8 getAllConfig, §4.1
 * `yu_config`, §4.2 seed rows): an array of rows, each section's value an object. Unlike
 * the old server (§7 hole 4), no password or key is ever part of it: write-only fields are
 * answered empty, and setConfig keeps the stored secret when one comes back empty.
 */

/** The rows the old admin page reads, with the seed ids of wire-contract §4.2. */
export const CONFIG_ROW_IDS = {
  sysInfo: 1,
  chatInfo: 2,
  smtp: 3,
  fileUpload: 4,
  compass: 5,
} as const;
/** The name of a config row the old admin page reads. */
export type ConfigRowName = keyof typeof CONFIG_ROW_IDS;
/** The row names in id order, as getAllConfig answers them. */
export const CONFIG_ROW_NAMES = Object.keys(CONFIG_ROW_IDS) as [
  ConfigRowName,
  ...ConfigRowName[],
];

/** A write-only field as it is answered: always empty. */
const writeOnly = z.literal("");

/** `chatInfo` with the old admin page's retention switch ("1" when msgClearDay is not "0"). */
export const ChatInfoRowValueSchema = z.extend(ChatInfoSchema, {
  msgClear: z.enum(["0", "1"]),
});

/** `smtp` (wire-contract §4.2, and the login name): the password never in it. */
export const SmtpRowValueSchema = z.object({
  addr: z.string(),
  host: z.string(),
  /** Write-only: always "", and "" posted back keeps the stored password. */
  pass: writeOnly,
  port: z.string(),
  sign: z.string(),
  security: z.enum(SMTP_SECURITY),
  /** The login name (beyond the contract); "" logs in as `addr`. */
  user: z.string(),
});

/**
 * `fileUpload` with where files are kept (`disk`: "local", or "s3" for the bucket set up
 * under storage) and the old admin page's cloud settings, which are not kept: empty.
 */
export const FileUploadRowValueSchema = z.extend(FileUploadInfoSchema, {
  disk: z.string(),
  qiniu: z.object({
    url: writeOnly,
    bucket: writeOnly,
    accessKey: writeOnly,
    secretKey: writeOnly,
  }),
  aliyun: z.object({
    url: writeOnly,
    bucket: writeOnly,
    accessId: writeOnly,
    endpoint: writeOnly,
    accessSecret: writeOnly,
  }),
  qcloud: z.object({
    cdn: writeOnly,
    appId: writeOnly,
    bucket: writeOnly,
    region: writeOnly,
    secretId: writeOnly,
    secretKey: writeOnly,
  }),
});

/** `compass`, the mobile app launcher this product does not have: the seed's value. */
export const CompassRowValueSchema = z.object({
  list: z.array(z.unknown()),
  mode: z.int(),
  status: z.int(),
});

function rowOf<N extends ConfigRowName, V extends z.ZodMiniType>(
  name: N,
  value: V,
) {
  return z.object({
    id: z.literal(CONFIG_ROW_IDS[name]),
    name: z.literal(name),
    value,
    create_user: z.int(),
    /** `Y-m-d H:i:s` (UTC), as the old server's models wrote it. */
    update_time: z.string(),
    create_time: z.string(),
    remark: z.nullable(z.string()),
    status: z.int(),
  });
}

/** One `yu_config` row as getAllConfig answers it. */
export const ConfigRowSchema = z.discriminatedUnion("name", [
  rowOf("sysInfo", SysInfoSchema),
  rowOf("chatInfo", ChatInfoRowValueSchema),
  rowOf("smtp", SmtpRowValueSchema),
  rowOf("fileUpload", FileUploadRowValueSchema),
  rowOf("compass", CompassRowValueSchema),
]);
/** One config row as the old admin page reads it. */
export type ConfigRow = z.infer<typeof ConfigRowSchema>;

/**
 * `manage/config/getAllConfig` (administrators): the rows `sysInfo`, `chatInfo`, `smtp`,
 * `fileUpload` and `compass`, in that order, as the old admin page reads them; no password
 * or key in any. Parley's own console reads `getSettings`.
 */
export const getAllConfig = defineCall({
  path: "/manage/config/getAllConfig",
  auth: "admin",
  request: z.object({}),
  response: z.array(ConfigRowSchema),
});

/**
 * `manage/config/getConfig` (administrators; the old server named it `getInfo`, so the old
 * client never reached it): the one row `name`, as getAllConfig answers it.
 */
export const getConfig = defineCall({
  path: "/manage/config/getConfig",
  auth: "admin",
  request: z.object({
    name: z.pipe(
      formString(),
      z.enum(CONFIG_ROW_NAMES, { error: "config.invalidField" }),
    ),
  }),
  response: ConfigRowSchema,
});
