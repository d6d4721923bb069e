import { fileBytes, type Message } from "@parley/protocol";

/** What a message that is not plain text shows in place of its text. */
export type MediaBody =
  | {
      kind: "image";
      /** The picture; `thumb` is its small copy for the list. */
      url: string;
      thumb: string;
      name: string;
      /** Pixels as stored (0 when unknown): the row keeps this shape before it loads. */
      width: number;
      height: number;
      /** A sticker (type emoji): smaller, no frame. */
      sticker: boolean;
    }
  | { kind: "voice"; url: string; seconds: number }
  | {
      kind: "video";
      url: string;
      name: string;
      size: number;
      seconds: number;
    }
  | {
      kind: "file";
      name: string;
      size: number;
      download: string;
      /** Shown in place by the browser (empty: download only). */
      preview: string;
    };

/** The types this client draws as something other than text. */
const FILE_TYPES = new Set(["image", "voice", "video", "file", "emoji"]);

/** The message types a chat shows; any other is drawn as its text (SPEC §4). */
export const KNOWN_TYPES = new Set([...FILE_TYPES, "text", "event"]);

const numberIn = (ext: Record<string, unknown>, key: string): number => {
  const value = ext[key];
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? value
    : 0;
};

/**
 * How a stored message is drawn: its file as a picture, a voice clip, a video or a file
 * card; null for text, event lines and any type this client does not know (those show
 * their text, SPEC §4). A file message without its address (an old client's broken row)
 * is shown as text too rather than as a picture of nothing.
 */
export function mediaOf(
  message: Pick<
    Message,
    | "type"
    | "content"
    | "fileName"
    | "fileSize"
    | "preview"
    | "download"
    | "extends"
  >,
): MediaBody | null {
  if (!FILE_TYPES.has(message.type) || message.content === "") return null;
  const ext = message.extends;
  const url = message.content;
  switch (message.type) {
    case "image":
    case "emoji":
      return {
        kind: "image",
        url,
        thumb: thumbUrl(url),
        name: message.fileName,
        width: numberIn(ext, "width"),
        height: numberIn(ext, "height"),
        sticker: message.type === "emoji",
      };
    case "voice":
      return { kind: "voice", url, seconds: numberIn(ext, "duration") };
    case "video":
      return {
        kind: "video",
        url,
        name: message.fileName,
        size: fileBytes(message.fileSize),
        seconds: numberIn(ext, "duration"),
      };
    default:
      return {
        kind: "file",
        name: message.fileName || url.split("/").pop() || url,
        size: fileBytes(message.fileSize),
        download: message.download || url,
        preview: message.preview,
      };
  }
}

/** The small copy of a stored picture (our server's `?thumb=1`; others ignore it). */
export function thumbUrl(url: string): string {
  if (url.startsWith("blob:") || url.startsWith("data:")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}thumb=1`;
}

/** The box a picture is drawn in: its own shape, within `max` on each side, at least 48. */
export function fitBox(
  width: number,
  height: number,
  max: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: max, height: max * 0.75 };
  const scale = Math.min(1, max / width, max / height);
  return {
    width: Math.max(48, Math.round(width * scale)),
    height: Math.max(48, Math.round(height * scale)),
  };
}

/** A clip's length as m:ss (h:mm:ss past an hour). */
export function clipLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0
    ? `${String(h)}:${String(m).padStart(2, "0")}:${s}`
    : `${String(m)}:${s}`;
}
