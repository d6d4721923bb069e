/*
 * What an upload's bytes are (sniffed type, a picture's size, a clip's length) and what a
 * message carrying it says of it: pure facts, no storage and no database.
 */
import { INLINE_IMAGE_TYPES, fileExtension } from "@parley/protocol";
import { type BlobFacts } from "./files.repository.js";
import type Sharp from "sharp";
import { lazyRequire } from "../../lib/lazy-require.js";

const sharp = lazyRequire<typeof Sharp>("sharp");

/** Made once: building one loads ICU's break rules (tens of milliseconds). */
let segmenter: Intl.Segmenter | undefined;

/** The message type an upload that no message carries would have, by its sniffed type. */
export function typeOfMime(mime: string): string {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  return "file";
}

/** Images larger than this are kept as files: never decoded, never shown in place (C3). */
export const MAX_IMAGE_PIXELS = 32_000_000;
/** The longest side of a thumbnail, in pixels; smaller pictures are their own. */
export const THUMB_SIZE = 480;
/** The largest picture read whole to make a thumbnail (the upload limit can be higher). */
export const MAX_THUMB_SOURCE_BYTES = 64 * 1024 * 1024;
/** How many carrying messages the access check looks at before it gives up. */
export const CARRIERS_CHECKED = 50;
/** The longest name kept, in characters (the column holds 255). */
const NAME_MAX = 120;

/**
 * A file name as shown and offered for download: the last part of any path, without
 * control or direction-changing characters, at most NAME_MAX characters (keeping the
 * extension), never empty. It is never used as a path.
 */
export function cleanFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  const clean = last
    // Controls and the bidirectional marks that disguise an extension ("gpj.exe").
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .trim();
  if (clean === "" || clean === "." || clean === "..") return "file";
  // Cut by what a reader sees as characters, never inside one.
  segmenter ??= new Intl.Segmenter();
  const shown = Array.from(segmenter.segment(clean), (part) => part.segment);
  if (shown.length <= NAME_MAX) return clean;
  const ext = fileExtension(clean);
  const keep = NAME_MAX - (ext ? ext.length + 1 : 0);
  return shown.slice(0, keep).join("") + (ext ? `.${ext}` : "");
}

/** Whether a stored file's bytes are shown in place: raster images that passed the pixel check, audio, video. */
export function showsInline(file: Pick<BlobFacts, "mime" | "width">): boolean {
  if ((INLINE_IMAGE_TYPES as readonly string[]).includes(file.mime))
    return file.width !== null;
  return file.mime.startsWith("audio/") || file.mime.startsWith("video/");
}

/** What a file message records of its file: name, size, and a picture's dimensions. */
export function fileExtends(
  name: string,
  size: number,
  picture: { width: number | null; height: number | null },
): Record<string, unknown> {
  return {
    fileName: name,
    fileSize: size,
    ...(picture.width !== null
      ? { width: picture.width, height: picture.height }
      : {}),
  };
}

/** The library's kind of a sniffed type. */
export function kindOf(mime: string): "image" | "audio" | "video" | "other" {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  return "other";
}

/** What the bytes say: the sniffed type, a picture's size, a clip's length. */
interface FileFacts {
  mime: string;
  width: number | null;
  height: number | null;
  /** Seconds, as the audio or video container records them. */
  duration: number | null;
}

/** A clip's length from its container's header (no decoding); null when it does not say. */
async function clipDuration(path: string): Promise<number | null> {
  try {
    // ESM-only packages, loaded when the first upload needs them (issue 14: cold start).
    const { parseFile } = await import("music-metadata");
    const { format } = await parseFile(path, {
      duration: false,
      skipCovers: true,
      skipPostHeaders: true,
    });
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
      ? Math.round(seconds * 10) / 10
      : null;
  } catch {
    // A container it cannot read: the length is simply unknown.
    return null;
  }
}

/** What the bytes are: the sniffed type, for images their size when it is safe to show. */
export async function inspect(path: string): Promise<FileFacts> {
  const { fileTypeFromFile } = await import("file-type");
  const sniffed = await fileTypeFromFile(path);
  const mime = sniffed?.mime ?? "";
  const none = { mime, width: null, height: null, duration: null };
  if (mime.startsWith("audio/") || mime.startsWith("video/"))
    return { ...none, duration: await clipDuration(path) };
  if (!(INLINE_IMAGE_TYPES as readonly string[]).includes(mime)) return none;
  try {
    // The header only: the pixels are never decoded here.
    const meta = await sharp()(path, {
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).metadata();
    const { width, height } = meta;
    if (!width || !height || width * height > MAX_IMAGE_PIXELS) return none;
    return { ...none, width, height };
  } catch {
    // A truncated or malformed picture: kept as a file, never shown in place.
    return none;
  }
}
