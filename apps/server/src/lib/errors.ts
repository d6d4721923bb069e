import { Codes, type MessageKey } from "@parley/protocol";

/**
 * A refusal a service decides on: it becomes an envelope with a non-zero code and `msg`
 * in the caller's language. Anything else thrown is a bug and answers `server.error`.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly code: number = Codes.refused,
    readonly params: Record<string, string | number> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = "AppError";
  }
}

/** A refusal the user can fix (code 400). */
export function refuse(
  key: MessageKey,
  params: Record<string, string | number> = {},
): AppError {
  return new AppError(key, Codes.refused, params);
}

/** A missing, expired or revoked session (code -1). */
export function noSession(key: MessageKey = "session.missing"): AppError {
  return new AppError(key, Codes.noSession);
}

/** Too many attempts (code 429). */
export function rateLimited(
  retryAfterMs: number,
  key: MessageKey = "request.rateLimited",
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(key, Codes.rateLimited, { seconds }, seconds);
}
