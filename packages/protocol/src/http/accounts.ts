import { z } from "zod/mini";
import { formBool, formInt, formString, optional } from "../common/form.js";
import { UserInfoSchema } from "../entities/user.js";
import { Limits } from "../rules/limits.js";
import { defineCall } from "./define.js";

/** A free-text field capped so no rule ever looks at an oversized value. */
const text = (max: number = Limits.fieldMax) =>
  z.pipe(
    formString(),
    z.string().check(z.maxLength(max, { error: "request.invalidField" })),
  );

/** Answers that carry nothing: the old server's `''`. */
const Empty = z.literal("");

/**
 * `common/pub/login`: by password, by a 6-digit code (the code replaces the password), or
 * by `token` alone: a one-time login ticket (`loginTicket`), never a session token, which
 * is refused like an unknown one. The answer's `authToken` carries its `bearer ` prefix,
 * as existing clients store and send it.
 */
export const login = defineCall({
  path: "/common/pub/login",
  auth: "public",
  request: z.object({
    account: optional(text(255)),
    password: optional(text(255)),
    code: optional(text(32)),
    token: optional(text(512)),
    /** The two-factor code (or a recovery code) when the account has two-factor on. */
    totp: optional(text(32)),
    lang: optional(text(16)),
    rememberMe: optional(formBool()),
    client_id: optional(text(64)),
    terminal: optional(text(32)),
  }),
  response: z.object({
    sessionId: z.string(),
    authToken: z.string(),
    userInfo: UserInfoSchema,
    /** When the session ends, in ms. */
    expiresAt: z.number(),
    /**
     * 1: the administrators require two-factor of this user and it is not on: the session
     * may only set it up (every other call answers code 1002). Absent otherwise.
     */
    totpSetup: z.optional(z.literal(1)),
  }),
});

/**
 * `enterprise/im/loginTicket` (Parley's own): a one-time login ticket for the signed-in
 * user, to open their account elsewhere by a link. The ticket signs in once, through
 * `common/pub/login` `token`, within `expiresIn` seconds (60); `url` is
 * `<PUBLIC_URL>/#/login?token=<ticket>` (relative without PUBLIC_URL). The session it
 * opens ends no later than the one that asked, and with it.
 */
export const loginTicket = defineCall({
  path: "/enterprise/im/loginTicket",
  auth: "session",
  request: z.object({}),
  response: z.object({
    ticket: z.string(),
    url: z.string(),
    /** Seconds the ticket stays usable, as OAuth's `expires_in`. */
    expiresIn: z.int(),
  }),
});

/** How long an invitation link (`manage/User/import` with `invite`) stays usable: 7 days. */
export const WELCOME_LINK_DAYS = 7;

/**
 * `common/pub/welcome` (Parley's own, issue 47): an invited user chooses their password
 * with the link an administrator gave them (`/#/welcome?account=…&token=…`, usable once,
 * for WELCOME_LINK_DAYS). Answers a one-time login ticket for `login`'s `token`, valid
 * 60 s. An unknown account, a wrong, used or expired link all answer `welcome.invalid`.
 */
export const welcome = defineCall({
  path: "/common/pub/welcome",
  auth: "optional",
  request: z.object({
    account: z._default(text(255), ""),
    token: z._default(text(128), ""),
    password: z._default(text(255), ""),
  }),
  response: z.object({ ticket: z.string() }),
});

/** `common/pub/logout`: ends the caller's session; never fails. */
export const logout = defineCall({
  path: "/common/pub/logout",
  auth: "optional",
  // Fields (the old client_id) are ignored: logout answers 0 whatever the body.
  request: z.object({}),
  response: Empty,
});

/** `common/pub/register`: the rules of SPEC §5 Register; answers the new user, never a hash. */
export const register = defineCall({
  path: "/common/pub/register",
  auth: "public",
  request: z.object({
    account: z._default(
      z.pipe(
        formString(),
        z.string().check(z.maxLength(255, { error: "register.accountLength" })),
      ),
      "",
    ),
    realname: z._default(
      z.pipe(
        formString(),
        z
          .string()
          .check(z.maxLength(255, { error: "register.realnameLength" })),
      ),
      "",
    ),
    password: z._default(
      z.pipe(
        formString(),
        z
          .string()
          .check(z.maxLength(255, { error: "register.passwordLength" })),
      ),
      "",
    ),
    code: optional(text(32)),
    inviteCode: optional(text(128)),
  }),
  response: UserInfoSchema,
});

/** Verification code purposes (SPEC §5): 1 login, 2 register, 3 change password, 4 change account. */
export const CODE_TYPES = [1, 2, 3, 4] as const;

/** `common/pub/sendCode`: a 6-digit code to the account's mailbox (or the log). */
export const sendCode = defineCall({
  path: "/common/pub/sendCode",
  auth: "optional",
  request: z.object({
    account: z._default(
      z.pipe(
        formString(),
        z.string().check(z.maxLength(255, { error: "code.accountFormat" })),
      ),
      "",
    ),
    type: z.pipe(
      formInt(),
      z.literal(CODE_TYPES, { error: "code.typeInvalid" }),
    ),
  }),
  response: Empty,
});
