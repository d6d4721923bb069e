import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { defineCall } from "./define.js";

/*
 * Two-factor codes (issue 46, extensions.md §7): a namespace of its own, so the chat
 * screen does not carry it until the settings open it.
 */

/** A code as typed: a current six-digit code or a recovery code. */
const code = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "totp.codeRequired" }),
      z.maxLength(32, { error: "totp.codeWrong" }),
    ),
);

/**
 * `enterprise/im/totpSetup`: a new secret for the caller, not on until `totpEnable`
 * confirms a code of it; `uri` is its `otpauth://totp/…` address for an authenticator's QR
 * code. Refused while two-factor is on (turn it off first).
 */
export const totpSetup = defineCall({
  path: "/enterprise/im/totpSetup",
  auth: "session",
  request: z.object({}),
  response: z.object({ secret: z.string(), uri: z.string() }),
});

/**
 * `enterprise/im/totpEnable`: turns two-factor on with a current code of the secret set
 * up; answers the 10 recovery codes, shown this once (stored only as keyed hashes).
 */
export const totpEnable = defineCall({
  path: "/enterprise/im/totpEnable",
  auth: "session",
  request: z.object({ code }),
  response: z.object({ recovery: z.array(z.string()) }),
});

/**
 * `enterprise/im/totpDisable`: turns two-factor off with a current code or an unused
 * recovery code (which is spent). Refused while the administrators require it of the caller.
 */
export const totpDisable = defineCall({
  path: "/enterprise/im/totpDisable",
  auth: "session",
  request: z.object({ code }),
  response: z.literal(""),
});
