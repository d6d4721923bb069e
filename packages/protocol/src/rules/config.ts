import { z } from "zod";
import { formString } from "../common/form.js";

/*
 * What an administrator may store in each section of the global config (SPEC §3 Global
 * config, wire-contract.md §4.2): values are strings as the wire carries them, each checked
 * on its own so a refusal names the field. Sections are saved in part: fields left out keep
 * their stored value; a field the section does not have is refused.
 */

const flag = formString().pipe(z.enum(["0", "1"]));
const text = (max: number) => formString().pipe(z.string().trim().max(max));
/** A whole number within bounds, kept as its decimal string. */
const count = (min: number, max: number) =>
  formString().pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/)
      .refine((v) => Number(v) >= min && Number(v) <= max)
      .transform((v) => String(Number(v))),
  );
/** An address the client may load: an absolute http(s) URL, a site path, or "". */
const address = formString().pipe(
  z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === "" || /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i.test(v),
    ),
);
/** A STUN or TURN server (RFC 7064/7065), or "". */
const iceServer = formString().pipe(
  z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === "" || /^(stuns?|turns?):[^\s]+$/i.test(v)),
);

/** `sysInfo` fields an administrator sets. */
export const SysInfoPatchSchema = z
  .object({
    name: text(50).refine((v) => v !== ""),
    logo: address,
    description: text(200),
    state: flag,
    closeTips: text(200),
    runMode: formString().pipe(z.enum(["1", "2"])),
    regtype: formString().pipe(z.enum(["1", "2"])),
    regauth: formString().pipe(z.enum(["0", "1", "2", "3"])),
    multipleLogin: flag,
    ipregion: flag,
    diyName: flag,
  })
  .partial()
  .strict();

/** `chatInfo` fields an administrator sets. */
export const ChatInfoPatchSchema = z
  .object({
    online: flag,
    webrtc: flag,
    groupChat: flag,
    simpleChat: flag,
    /** Withdrawal window in seconds: up to a day. */
    redoTime: count(0, 86_400),
    /** 0 unlimited. */
    groupUserMax: count(0, 100_000),
    dbDelMsg: flag,
    /** Seconds between two sends of one user: up to an hour. */
    sendInterval: count(0, 3600),
    stun: iceServer,
    stunUser: text(128),
    stunPass: text(128),
    /** Days kept (0 forever), up to a hundred years. */
    msgClearDay: count(0, 36_500),
  })
  .partial()
  .strict();

/** A file extension: letters and digits, stored lower-case. */
const extension = formString().pipe(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/)
    .transform((v) => v.toLowerCase()),
);

/** `fileUpload` fields an administrator sets (the storage choice comes with the files issue). */
export const FileUploadPatchSchema = z
  .object({
    /** MB per file. */
    size: count(1, 2048),
    preview: address,
    fileExt: z
      .array(extension)
      .min(1)
      .max(200)
      .transform((list) => [...new Set(list)]),
  })
  .partial()
  .strict();

/** The config sections `setConfig` saves, each with its rules. */
export const CONFIG_SECTIONS = {
  sysInfo: SysInfoPatchSchema,
  chatInfo: ChatInfoPatchSchema,
  fileUpload: FileUploadPatchSchema,
} as const;

/** A config section `setConfig` saves. */
export type ConfigSection = keyof typeof CONFIG_SECTIONS;
