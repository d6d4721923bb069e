/** Envelope codes (decisions.md). 0 success; -1 the session is missing, expired or revoked. */
export const Codes = {
  ok: 0,
  noSession: -1,
  refused: 400,
  rateLimited: 429,
  /** The password was right; the account asks for its two-factor code (extensions.md §7). */
  totpRequired: 1001,
  /** The administrators require two-factor: this session may only set it up (issue 46). */
  totpSetupRequired: 1002,
} as const;

/** One of the envelope codes Parley answers with. */
export type Code = (typeof Codes)[keyof typeof Codes];
