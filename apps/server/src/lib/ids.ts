import { hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** An opaque session token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * SHA-256 of a secret, hex; the only form in which tokens and codes are stored. Every
 * call hashes its token: the one-shot `hash` costs a fifth of a Hash object (issue 14).
 */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A 6-digit verification code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** A random password for the first administrator: 16 characters. */
export function newPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  return Array.from(
    { length: 16 },
    () => alphabet[randomInt(0, alphabet.length)],
  ).join("");
}
