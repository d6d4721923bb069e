import { FRIEND_PAGE_SIZES } from "./people.js";

/**
 * Files in chat (wire-contract.md §5.8, SPEC §9): the library's categories, which message
 * type an upload becomes, and how a size is shown.
 */

/** The file library's categories (SPEC §9): 0 all, 1 document, 2 image, 3 audio, 4 video, 5 other. */
export const FileCategories = {
  all: 0,
  document: 1,
  image: 2,
  audio: 3,
  video: 4,
  other: 5,
} as const;
/** One stored category (never 0, which only filters). */
export type FileCategory = 1 | 2 | 3 | 4 | 5;

/** The library's page sizes (SPEC §9: the friend list's choices): 20 by default. */
export const FILE_PAGE_SIZES = FRIEND_PAGE_SIZES;

/**
 * The most chats one forward may go to at once (SPEC §5 Chat, §9): a sixth is refused with
 * 'The number of people forwarded cannot exceed 5!'.
 */
export const FORWARD_MAX = 5;

const DOCUMENT_EXTENSIONS = new Set([
  "ppt",
  "pptx",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "pdf",
  "txt",
  "md",
]);

/** The other categories' extensions (wire-contract.md §5.8 `getFileType`). */
const EXTENSION_CATEGORIES: ReadonlyMap<string, FileCategory> = new Map([
  ...[...DOCUMENT_EXTENSIONS].map((ext) => [ext, 1] as const),
  ...["jpg", "jpeg", "png", "bmp", "gif", "webp", "ico"].map(
    (ext) => [ext, 2] as const,
  ),
  ...["mp3", "wav", "wmv", "amr", "ogg", "m4a", "aac", "flac", "webm"].map(
    (ext) => [ext, 3] as const,
  ),
  ...["mp4", "3gp", "avi", "m2v", "mkv", "mov"].map((ext) => [ext, 4] as const),
]);

/**
 * A message's `file_cate` (wire-contract.md §2.9): a picture, sound or clip by its type, a
 * file by its name's extension as the old server sorted it; 0 for a message with no file.
 */
export function messageFileCategory(
  type: string,
  fileName: string,
): FileCategory | 0 {
  if (type === "image" || type === "emoji") return 2;
  if (type === "voice") return 3;
  if (type === "video") return 4;
  if (type !== "file") return 0;
  return extensionCategory(fileExtension(fileName));
}

/** The category the old server gave a file by its extension alone (lower case): 5 unknown. */
export function extensionCategory(ext: string): FileCategory {
  return EXTENSION_CATEGORIES.get(ext) ?? 5;
}

/**
 * The extensions with an icon of their own at `/static/img/ext/<ext>.png` (a message's
 * `extUrl`, wire-contract.md §5.8); any other file shows `file.png`.
 */
export const EXTENSION_ICONS: ReadonlySet<string> = new Set([
  ...EXTENSION_CATEGORIES.keys(),
  ...["zip", "rar", "7z", "gz", "tar", "csv", "json", "xml", "html", "apk"],
  ...["exe", "dmg", "psd", "ai", "svg", "key", "pages", "numbers", "odt"],
  ...["ods", "odp", "rtf", "epub", "iso", "sql", "js", "ts", "py", "java"],
]);

/** The name of the icon a file with this name shows: its extension's, or `file`. */
export function extensionIcon(fileName: string): string {
  const ext = fileExtension(fileName);
  return EXTENSION_ICONS.has(ext) ? ext : "file";
}

/**
 * The category of a stored file from what its bytes turned out to be (`kind`, sniffed by
 * the server) and, for documents (which carry no reliable signature), its extension. The
 * old server's "other" was 9, which its own client never asked for (§7.8): ours is 5.
 */
export function fileCategory(
  kind: "image" | "audio" | "video" | "other",
  ext: string,
): FileCategory {
  if (kind === "image") return 2;
  if (kind === "audio") return 3;
  if (kind === "video") return 4;
  return DOCUMENT_EXTENSIONS.has(ext.toLowerCase()) ? 1 : 5;
}

/** The raster images shown inline (reliability.md §7): never SVG. */
export const INLINE_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
] as const;

/**
 * The images an upload is sent as (SPEC §5 Chat, §9 "upload image types: gif, jpeg, png"):
 * any other picture, a WebP say, is sent as a file, though it is still served in place.
 */
export const IMAGE_MESSAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
] as const;

/**
 * The message type an upload becomes: a GIF, JPEG or PNG picture is `image`, a video
 * `video`, audio `voice` only when the client recorded it as voice, anything else `file`
 * (wire-contract.md §2.3).
 */
export function uploadMessageType(
  mime: string,
  requested: string,
): "image" | "voice" | "video" | "file" {
  if ((IMAGE_MESSAGE_TYPES as readonly string[]).includes(mime)) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/") && requested === "voice") return "voice";
  return "file";
}

/** A file's extension as stored: lower case, letters and digits, at most 10; "" without one. */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? "";
}

/** A size in B, K, M or G, as the chat shows it (SPEC §9). */
export function formatFileSize(bytes: number): string {
  const units = ["B", "K", "M", "G", "T"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown.replace(/\.0$/, "")}${units[unit] ?? ""}`;
}

/** A message's file size in bytes: a sent message with no file says "" (wire-contract.md §2.9). */
export function fileBytes(fileSize: number | ""): number {
  return fileSize === "" ? 0 : fileSize;
}

/** A megabyte as `fileUpload.size` counts it. */
export const MEGABYTE = 1024 * 1024;

/** Why a chosen file may not be sent, as a message key and its values. */
export type UploadRefusal =
  | { key: "file.missing" }
  | { key: "file.tooLarge"; size: number }
  | { key: "file.typeRefused"; ext: string };

/**
 * Whether a file may be sent (SPEC §5 Chat): not empty, at most `fileUpload.size` MB, and
 * its extension in `fileUpload.fileExt`. The server decides; the client asks the same
 * before sending anything.
 */
export function uploadRefusal(
  name: string,
  bytes: number,
  rules: { size: string; fileExt: readonly string[] },
): UploadRefusal | null {
  if (bytes <= 0) return { key: "file.missing" };
  const megabytes = Number(rules.size);
  if (
    Number.isFinite(megabytes) &&
    megabytes > 0 &&
    bytes > megabytes * MEGABYTE
  )
    return { key: "file.tooLarge", size: megabytes };
  const ext = fileExtension(name);
  if (!ext || !rules.fileExt.includes(ext))
    return { key: "file.typeRefused", ext: ext || "?" };
  return null;
}
