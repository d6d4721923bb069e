import { fileBytes, type Message } from "@parley/protocol";
import { htmlToText } from "../../lib/html-text";

/** How a saved message is drawn on its card. */
export type FavouriteBody =
  | { kind: "text"; text: string }
  | { kind: "picture"; url: string; thumb: string; name: string }
  | {
      kind: "attachment";
      type: "voice" | "video" | "file";
      name: string;
      size: number;
      download: string;
    }
  | { kind: "unsupported" };

/** The small copy of a stored picture (our server's `?thumb=1`; others ignore it). */
export function thumbOf(url: string): string {
  if (url.startsWith("blob:") || url.startsWith("data:")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}thumb=1`;
}

/**
 * What a card shows of a saved message: text (from its stored HTML, never as HTML), a
 * picture, or a voice clip, video or file as a named attachment; anything else is marked
 * as a type this client does not know (SPEC §4).
 */
export function favouriteBody(
  message: Pick<
    Message,
    "type" | "content" | "fileName" | "fileSize" | "download"
  >,
): FavouriteBody {
  switch (message.type) {
    case "text":
      return { kind: "text", text: htmlToText(message.content) };
    case "image":
    case "emoji":
      return {
        kind: "picture",
        url: message.content,
        thumb: thumbOf(message.content),
        name: message.fileName,
      };
    case "voice":
    case "video":
    case "file":
      return {
        kind: "attachment",
        type: message.type,
        name:
          message.fileName ||
          message.content.split("/").pop() ||
          message.content,
        size: fileBytes(message.fileSize),
        download: message.download || message.content,
      };
    default:
      return { kind: "unsupported" };
  }
}
