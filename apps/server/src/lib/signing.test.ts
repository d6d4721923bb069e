import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signToken, verifyToken } from "./signing.js";

const KEY = "k".repeat(43);
const NOW = 1_700_000_000_000;

describe("signed tokens", () => {
  it("carries its data until it expires", () => {
    const token = signToken(KEY, { g: 12, u: 3 }, NOW + 1000);
    expect(verifyToken(KEY, token, NOW)).toEqual({
      data: { g: 12, u: 3 },
      expiresAt: NOW + 1000,
    });
    expect(verifyToken(KEY, token, NOW + 1000)).toBeNull();
  });

  it("refuses another key, an edited payload, an edited signature and junk", () => {
    const token = signToken(KEY, { g: 12, u: 3 }, NOW + 1000);
    expect(verifyToken("other-key", token, NOW)).toBeNull();
    const [body, sig] = token.split(".") as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ d: { g: 13, u: 3 }, e: NOW + 1000 }),
    ).toString("base64url");
    expect(verifyToken(KEY, `${forged}.${sig}`, NOW)).toBeNull();
    expect(verifyToken(KEY, `${body}.${sig.slice(1)}A`, NOW)).toBeNull();
    for (const junk of ["", ".", "a.b", `${token}.x`, "%%%.%%%"])
      expect(verifyToken(KEY, junk, NOW)).toBeNull();
  });

  it("takes only the one spelling of its signature (base64url's last character has spare bits)", () => {
    const token = signToken(KEY, { g: 12, u: 3 }, NOW + 1000);
    const [body, sig] = token.split(".") as [string, string];
    const alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(sig.slice(-1));
    // The three others that decode to the same bytes.
    const twins = [0, 1, 2, 3]
      .map((low) => alphabet[(last & ~3) | low] ?? "")
      .filter((c) => c !== sig.slice(-1));
    for (const twin of twins) {
      expect(Buffer.from(`${sig.slice(0, -1)}${twin}`, "base64url")).toEqual(
        Buffer.from(sig, "base64url"),
      );
      expect(
        verifyToken(KEY, `${body}.${sig.slice(0, -1)}${twin}`, NOW),
      ).toBeNull();
    }
    expect(verifyToken(KEY, token, NOW)).not.toBeNull();
  });

  it("refuses a validly signed body that is not a token's shape", () => {
    const body = Buffer.from(JSON.stringify({ d: "x", e: "y" })).toString(
      "base64url",
    );
    // Signed with the real key: the shape check is what refuses it.
    const sig = createHmac("sha256", KEY).update(body).digest("base64url");
    expect(verifyToken(KEY, `${body}.${sig}`, NOW)).toBeNull();
  });
});
