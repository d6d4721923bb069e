import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from "node:crypto";

/*
 * Two-factor secrets at rest (issue 46): AES-256-GCM under a key derived from the
 * installation's secret, which lives in the config table, so a copy of the users' rows
 * alone (a leaked backup of one table, an injected SELECT) gives no one's codes away
 * (Rocket.Chat's CVE-2022-32211 exposed 2FA secrets so).
 */

const VERSION = "v1";

/** Seals and opens small secrets with one key. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHash("sha256").update(keyMaterial).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([
      cipher.update(plain, "utf8"),
      cipher.final(),
    ]);
    return [
      VERSION,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      sealed.toString("base64url"),
    ].join(".");
  }

  /** The secret, or null when the text was not sealed by this key (or was altered). */
  open(text: string): string | null {
    const [version, iv, tag, sealed] = text.split(".");
    if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
    try {
      const decipher = createDecipheriv(
        "aes-256-gcm",
        this.key,
        Buffer.from(iv, "base64url"),
      );
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      return null;
    }
  }
}
