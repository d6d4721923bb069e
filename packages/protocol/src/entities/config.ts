import { z } from "zod/mini";
import { SsoProviderSchema } from "./signin.js";

/*
 * Config values are strings, as the wire contract has them (§4.2, decisions.md): existing
 * clients compare them as strings, and the console writes them form-encoded.
 */

/** `sysInfo` of the global config (SPEC §3). */
export const SysInfoSchema = z.object({
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  /** "1" open, "0" closed. */
  state: z.string(),
  closeTips: z.string(),
  /** "1" everyone can chat, "2" friend-based. */
  runMode: z.string(),
  /** "1" open registration, "2" by invitation. */
  regtype: z.string(),
  /** "0" none, "1" phone, "2" email, "3" phone or email. */
  regauth: z.string(),
  multipleLogin: z.string(),
  ipregion: z.string(),
  diyName: z.string(),
});
/** `sysInfo` of the global config. */
export type SysInfo = z.infer<typeof SysInfoSchema>;

/** `chatInfo` of the global config (SPEC §3). */
export const ChatInfoSchema = z.object({
  online: z.string(),
  webrtc: z.string(),
  /**
   * "1" video calls allowed (the default), "0" voice only: SPEC §8's "video call not
   * enabled". Beyond wire-contract §4.2; older clients ignore it and the server refuses.
   */
  videoCall: z.string(),
  groupChat: z.string(),
  simpleChat: z.string(),
  /** Withdrawal window in seconds. */
  redoTime: z.string(),
  /**
   * Seconds after sending within which its sender may edit a message; "0" no limit
   * (extensions.md §2). A server without editing reads as "0".
   */
  editTime: z._default(z.string(), "0"),
  /** "1" link previews fetched (the default), "0" none (extensions.md §5). */
  linkPreview: z._default(z.string(), "1"),
  /**
   * "1" groups may be public, listed in the directory for anyone to join (the default);
   * "0" the administrators turned public groups off (issue 45).
   */
  publicGroups: z._default(z.string(), "1"),
  /** "0" unlimited. */
  groupUserMax: z.string(),
  dbDelMsg: z.string(),
  sendInterval: z.string(),
  stun: z.string(),
  stunUser: z.string(),
  stunPass: z.string(),
  /** Days messages are kept before the retention task deletes them; "0" keeps them forever. */
  msgClearDay: z.string(),
});
/** `chatInfo` of the global config. */
export type ChatInfo = z.infer<typeof ChatInfoSchema>;

/** `fileUpload` as getSystemInfo exposes it: size in MB, preview address, allowed extensions. */
export const FileUploadInfoSchema = z.object({
  size: z.string(),
  preview: z.string(),
  fileExt: z.array(z.string()),
});
/** `fileUpload` as getSystemInfo exposes it. */
export type FileUploadInfo = z.infer<typeof FileUploadInfoSchema>;

/** The global config the client reads at start-up (SPEC §3 Global config). */
export const GlobalConfigSchema = z.object({
  sysInfo: z.extend(SysInfoSchema, {
    /** Single sign-on providers the login screen offers (extensions.md §7). */
    sso: z._default(z.array(SsoProviderSchema), []),
    /** "1": only single sign-on; the password form is for administrators alone. */
    ssoOnly: z._default(z.string(), "0"),
  }),
  chatInfo: ChatInfoSchema,
  fileUpload: FileUploadInfoSchema,
  /** The caller's language: their own choice, else Accept-Language, else zh. */
  lang: z.string(),
  /** 1 in demo mode (from the environment), else 0. */
  demon_mode: z.int(),
  /** The product version. */
  version: z.string(),
  /**
   * Whether the server can send verification codes by email (SMTP is configured). When
   * false, "Forgot password?" says up front that an administrator must reset the password.
   */
  codeByEmail: z.boolean(),
  /** Whether the server can send verification codes by text message (no SMS gateway yet). */
  codeBySms: z.boolean(),
});
/** The global config. */
export type GlobalConfig = z.infer<typeof GlobalConfigSchema>;

/** The product version of SPEC §1. */
export const PRODUCT_VERSION = "9.5.0";
