import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/*
 * Signed, expiring tokens for links a user hands to others (the group QR): the payload is
 * readable, the HMAC-SHA256 signature makes it unforgeable, and the expiry is inside what is
 * signed. Keys are per purpose, so a token of one kind is never accepted as another.
 */

const PayloadSchema = z.object({
  /** What the token grants, e.g. a group id and the inviter. */
  d: z.record(z.string(), z.union([z.number(), z.string()])),
  /** Expiry, ms since the epoch. */
  e: z.number().int(),
});

function signature(key: string, body: string): Buffer {
  return createHmac("sha256", key).update(body).digest();
}

/** A token carrying `data` until `expiresAt` (ms). */
export function signToken(
  key: string,
  data: Record<string, number | string>,
  expiresAt: number,
): string {
  const body = Buffer.from(JSON.stringify({ d: data, e: expiresAt })).toString(
    "base64url",
  );
  return `${body}.${signature(key, body).toString("base64url")}`;
}

/** The data of a token signed with `key` and not expired at `now`, or null. */
export function verifyToken(
  key: string,
  token: string,
  now: number,
): { data: Record<string, number | string>; expiresAt: number } | null {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  // Compared as text: base64url's last character carries two bits that decoding ignores,
  // so four spellings of one signature decode alike; only the one we write is taken.
  const expected = Buffer.from(signature(key, body).toString("base64url"));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const payload = PayloadSchema.safeParse(parsed);
  if (!payload.success || payload.data.e <= now) return null;
  return { data: payload.data.d, expiresAt: payload.data.e };
}
