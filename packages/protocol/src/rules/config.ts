import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { SigninPatchSchema } from "./signin.js";

/*
 * What an administrator may store in each section of the global config (SPEC §3 Global
 * config, wire-contract.md §4.2): values are strings as the wire carries them, each checked
 * on its own so a refusal names the field. Sections are saved in part: fields left out keep
 * their stored value; a field the section does not have is refused.
 */

const flag = z.pipe(formString(), z.enum(["0", "1"]));
const text = (max: number) =>
  z.pipe(formString(), z.string().check(z.trim(), z.maxLength(max)));
/** A whole number within bounds, kept as its decimal string. */
const count = (min: number, max: number) =>
  z.pipe(
    formString(),
    z.pipe(
      z.string().check(
        z.trim(),
        z.regex(/^\d{1,9}$/),
        z.refine((v) => Number(v) >= min && Number(v) <= max),
      ),
      z.transform((v) => String(Number(v))),
    ),
  );
/** An address the client may load: an absolute http(s) URL, a site path, or "". */
const address = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.maxLength(500),
    z.refine(
      (v) => v === "" || /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i.test(v),
    ),
  ),
);
/** A STUN or TURN server (RFC 7064/7065), or "". */
const iceServer = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.maxLength(255),
    z.refine((v) => v === "" || /^(stuns?|turns?):[^\s]+$/i.test(v)),
  ),
);

/**
 * A setting the old admin page posts back with its section (wire-contract §4.2's seed keys:
 * it merges the row it read over defaults of its own) that this product does not have:
 * accepted, so the rest of the section saves, and not kept.
 */
const former = z.unknown();

/** `sysInfo` fields an administrator sets. */
export const SysInfoPatchSchema = z.partial(
  z.strictObject({
    name: text(50).check(z.refine((v) => v !== "")),
    logo: address,
    description: text(200),
    state: flag,
    closeTips: text(200),
    runMode: z.pipe(formString(), z.enum(["1", "2"])),
    regtype: z.pipe(formString(), z.enum(["1", "2"])),
    regauth: z.pipe(formString(), z.enum(["0", "1", "2", "3"])),
    multipleLogin: flag,
    ipregion: flag,
    diyName: flag,
    /** The old admin page's registration interval (per-address limits are the environment's). */
    registerInterval: former,
  }),
);

/** `chatInfo` fields an administrator sets. */
export const ChatInfoPatchSchema = z.partial(
  z.strictObject({
    online: flag,
    webrtc: flag,
    videoCall: flag,
    groupChat: flag,
    simpleChat: flag,
    /** Withdrawal window in seconds: up to a day. */
    redoTime: count(0, 86_400),
    /** Edit window in seconds, 0 unlimited: up to 30 days (extensions.md §2). */
    editTime: count(0, 2_592_000),
    /** Link previews (extensions.md §5). */
    linkPreview: flag,
    /** Public groups in the directory (issue 45). */
    publicGroups: flag,
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
    /** The old admin page's retention switch: "0" keeps messages forever (msgClearDay "0"). */
    msgClear: flag,
    /** The old admin page's automatic customer-service contact and group on registration. */
    autoAddUser: former,
    autoAddGroup: former,
  }),
);

/** A file extension: letters and digits, stored lower-case. */
const extension = z.pipe(
  formString(),
  z.pipe(
    z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,10}$/)),
    z.transform((v) => v.toLowerCase()),
  ),
);

/** Where uploads are kept: this server's disk, or an S3-compatible bucket. */
export const STORAGE_DISKS = ["local", "s3"] as const;
/** Where uploads are kept. */
export type StorageDisk = (typeof STORAGE_DISKS)[number];
const disk = z.pipe(formString(), z.enum(STORAGE_DISKS));

/** The old admin page's cloud settings (Qiniu, Aliyun, Tencent): accepted, not kept. */
const formerCloud = z.record(z.string(), z.unknown());

/** `fileUpload` fields an administrator sets. */
export const FileUploadPatchSchema = z.partial(
  z.strictObject({
    /** MB per file. */
    size: count(1, 2048),
    preview: address,
    fileExt: z.pipe(
      z.array(extension).check(z.minLength(1), z.maxLength(200)),
      z.transform((list) => [...new Set(list)]),
    ),
    /** Existing admin clients choose the disk here; it is kept with `storage`. */
    disk,
    qiniu: formerCloud,
    aliyun: formerCloud,
    qcloud: formerCloud,
  }),
);

/** A host name or an IP address. */
const host = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.maxLength(253),
    z.refine(
      (v) =>
        v === "" ||
        /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
          v,
        ) ||
        /^[0-9A-Fa-f:.]{2,45}$/.test(v),
    ),
  ),
);
/** A secret typed once: "" keeps the stored one (it is never sent back to be shown). */
const secret = (max: number) =>
  z.pipe(formString(), z.string().check(z.maxLength(max)));
/** An e-mail address, or "". */
const mailbox = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.maxLength(128),
    z.refine((v) => v === "" || /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v)),
  ),
);

/** How mail is sent over SMTP (the `smtp` row, wire-contract §4.2); "" host: no mail. */
export const SMTP_SECURITY = ["ssl", "tls", "none"] as const;
/** How an SMTP connection is protected: TLS from the start, STARTTLS required, or neither. */
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** `smtp` fields an administrator sets. */
export const SmtpPatchSchema = z.partial(
  z.strictObject({
    host,
    port: count(1, 65_535),
    /** ssl: TLS from the first byte (465); tls: STARTTLS required (587); none: STARTTLS when offered. */
    security: z.pipe(formString(), z.enum(SMTP_SECURITY)),
    /** The login name; "" with a password set logs in as `addr`. */
    user: text(128),
    /** Write-only: "" keeps the stored password. */
    pass: secret(256),
    /** "1" removes the stored password. */
    clearPass: flag,
    /** The sender's address. */
    addr: mailbox,
    /** The sender's name shown with the address. */
    sign: text(50),
  }),
);

/** An S3 bucket name (lower-case letters, digits, dots, hyphens; 3–63), or "". */
const bucket = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.refine((v) => v === "" || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v)),
  ),
);

/** `storage` fields an administrator sets: where uploads go, and the bucket's settings. */
export const StoragePatchSchema = z.partial(
  z.strictObject({
    disk,
    /** The S3 API address; "" for AWS itself. */
    endpoint: z.pipe(
      formString(),
      z.string().check(
        z.trim(),
        z.maxLength(500),
        z.refine((v) => v === "" || /^https?:\/\/[^\s/?#]+\/?$/i.test(v)),
      ),
    ),
    region: z.pipe(
      formString(),
      z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,32}$/)),
    ),
    bucket,
    /** Write-only: "" keeps the stored key. */
    accessKey: secret(128),
    /** Write-only: "" keeps the stored secret. */
    secretKey: secret(256),
    /** "1" addresses the bucket in the path (MinIO and most self-hosted stores). */
    pathStyle: flag,
  }),
);

/** How an SMS gateway is called. */
export const SMS_METHODS = ["POST", "GET"] as const;
/** How an SMS gateway is called: GET (everything in the URL) or POST (with a body). */
export type SmsMethod = (typeof SMS_METHODS)[number];
/** How a POST body is written; its placeholders are escaped to match. */
export const SMS_CONTENT_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
] as const;
/** How an SMS gateway's POST body is written. */
export type SmsContentType = (typeof SMS_CONTENT_TYPES)[number];
/** The placeholders an SMS URL or body template may hold. */
export const SMS_PLACEHOLDERS = ["{phone}", "{code}", "{text}"] as const;

/**
 * An SMS gateway's URL template (an absolute http(s) URL, placeholders allowed), or "" for
 * no SMS. It is the administrator's own address, so a loopback or private host is allowed.
 */
const gatewayUrl = z.pipe(
  formString(),
  z.string().check(
    z.trim(),
    z.maxLength(1000),
    z.refine((v) => v === "" || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v)),
  ),
);

/** `sms` fields an administrator sets: an HTTP SMS gateway that sends verification codes. */
export const SmsPatchSchema = z.partial(
  z.strictObject({
    /** The URL template: `{phone}`, `{code}`, `{text}` are put in URL-encoded. */
    url: gatewayUrl,
    method: z.pipe(formString(), z.enum(SMS_METHODS)),
    /** The POST body template; placeholders escaped for `contentType`. */
    body: z.pipe(formString(), z.string().check(z.maxLength(2000))),
    contentType: z.pipe(formString(), z.enum(SMS_CONTENT_TYPES)),
    /** Write-only: the Authorization header ("Bearer …"); "" keeps the stored one. */
    authHeader: z.pipe(
      formString(),
      z.string().check(
        z.maxLength(1000),
        z.refine((v) => !/[\r\n]/.test(v)),
      ),
    ),
    /** "1" removes the stored Authorization header. */
    clearAuthHeader: flag,
  }),
);

/** The config sections `setConfig` saves, each with its rules. */
export const CONFIG_SECTIONS = {
  sysInfo: SysInfoPatchSchema,
  chatInfo: ChatInfoPatchSchema,
  fileUpload: FileUploadPatchSchema,
  smtp: SmtpPatchSchema,
  storage: StoragePatchSchema,
  sms: SmsPatchSchema,
  signin: SigninPatchSchema,
} as const;

/** A config section `setConfig` saves. */
export type ConfigSection = keyof typeof CONFIG_SECTIONS;
