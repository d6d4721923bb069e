/** Envelope codes (decisions.md). 0 success; -1 the session is missing, expired or revoked. */
export const Codes = {
  ok: 0,
  noSession: -1,
  refused: 400,
  rateLimited: 429,
} as const;

/** One of the envelope codes Parley answers with. */
export type Code = (typeof Codes)[keyof typeof Codes];
