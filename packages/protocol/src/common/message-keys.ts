/**
 * Stable machine keys for every refusal and notice the server answers with. The server
 * turns a key into `msg` in the caller's language; our own client may translate the key
 * itself. Adding a key here forces a translation on the server (its catalog is typed by
 * this list).
 */
export const MESSAGE_KEYS = [
  "ok",
  "login.ok",
  "logout.ok",
  "register.ok",
  "code.sent",
  "lang.switched",
  "session.missing",
  "session.expired",
  "session.evicted",
  "session.disabled",
  "request.invalid",
  "request.invalidField",
  "request.tooLarge",
  "request.unsupportedType",
  "request.notFound",
  "request.rateLimited",
  "server.error",
  "login.accountRequired",
  "login.passwordRequired",
  "login.codeRequired",
  "login.codeFormat",
  "login.failed",
  "login.codeWrong",
  "login.tokenInvalid",
  "login.disabled",
  "register.closed",
  "register.accountLength",
  "register.accountChars",
  "register.accountPlain",
  "register.accountPhone",
  "register.accountEmail",
  "register.accountPhoneOrEmail",
  "register.accountTaken",
  "register.realnameLength",
  "register.passwordLength",
  "register.codeRequired",
  "register.codeWrong",
  "code.accountRequired",
  "code.accountFormat",
  "code.typeInvalid",
  "code.tooSoon",
  "code.accountTaken",
  "lang.invalid",
  "demo.readOnly",
  "system.closed",
  "message.tooLong",
  "message.empty",
  "contact.notFound",
] as const;

/** One stable message key. */
export type MessageKey = (typeof MESSAGE_KEYS)[number];
