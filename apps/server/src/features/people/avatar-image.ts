import { createHash } from "node:crypto";
import { PeopleLimits } from "@parley/protocol";
import type Sharp from "sharp";
import { refuse } from "../../lib/errors.js";
import { lazyRequire } from "../../lib/lazy-require.js";

const sharp = lazyRequire<typeof Sharp>("sharp");

/** The picture types an avatar may be, by content (SPEC §5: jpg, png, gif). */
const AVATAR_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);
/** Larger pictures than this many pixels are refused before they are decoded. */
const AVATAR_MAX_PIXELS = 40_000_000;

/**
 * An avatar drawn from a picture's bytes: a JPEG, PNG or GIF by its bytes (never by name
 * or declared type), as a square PNG; with its name in `folder` (a hash of the PNG).
 * Refuses anything else with `avatar.notImage`.
 */
export async function drawAvatar(
  file: Buffer,
  folder: string,
): Promise<{ key: string; png: Buffer }> {
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(file);
  if (!type || !AVATAR_TYPES.has(type.mime)) throw refuse("avatar.notImage");
  let png: Buffer;
  try {
    png = await sharp()(file, { limitInputPixels: AVATAR_MAX_PIXELS })
      .rotate()
      .resize(PeopleLimits.avatarSize, PeopleLimits.avatarSize, {
        fit: "cover",
      })
      .png()
      .toBuffer();
  } catch {
    // Claims to be a picture but is not one sharp can read (truncated, malformed).
    throw refuse("avatar.notImage");
  }
  const hash = createHash("sha256").update(png).digest("hex").slice(0, 24);
  return { key: `${folder}${hash}.png`, png };
}
