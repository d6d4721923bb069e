import {
  type ConsoleMessage,
  fileBytes,
  MASKED_CONTENT,
} from "@parley/protocol";
import { eventLine } from "../../../../lib/event-line";
import { htmlToText } from "../../../../lib/html-text";

type Translate = (key: string, options: Record<string, string>) => string;

/** How a message row shows what was said (an attachment's `name` may be empty). */
export type MessageBody =
  | { kind: "text"; text: string; masked: boolean }
  | { kind: "picture"; url: string; thumb: string; name: string }
  | {
      kind: "attachment";
      type: "voice" | "video" | "file";
      name: string;
      size: number;
      download: string;
    }
  | { kind: "line"; text: string }
  | { kind: "unsupported" };

/** The small copy of a stored picture (our server's `?thumb=1`; others ignore it). */
export function thumbOf(url: string): string {
  if (url.startsWith("blob:") || url.startsWith("data:")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}thumb=1`;
}

/**
 * What a row shows of a message: its text (the server's stored HTML read as text, never
 * rendered as HTML), a picture's thumbnail (from `preview`, a sticker from its address),
 * a clip or file by name and size, a group line or call in the reader's language, and
 * SPEC §4's label for a type this client does not know.
 */
export function messageBody(
  message: Pick<
    ConsoleMessage,
    | "type"
    | "content"
    | "fileName"
    | "fileSize"
    | "preview"
    | "download"
    | "extends"
    | "fromUser"
  >,
  t: Translate,
): MessageBody {
  switch (message.type) {
    case "text":
      return {
        kind: "text",
        text: htmlToText(message.content),
        masked: message.content === MASKED_CONTENT,
      };
    case "image":
    case "emoji": {
      const url = message.preview || message.content;
      if (url === "") return { kind: "unsupported" };
      return {
        kind: "picture",
        url,
        thumb: thumbOf(url),
        name: message.fileName,
      };
    }
    case "voice":
    case "video":
    case "file":
      return {
        kind: "attachment",
        type: message.type,
        // A clip has no name of its own (the row names its type); a file its address's end.
        name:
          message.fileName ||
          (message.type === "file"
            ? message.content.split("/").pop() || message.content
            : ""),
        size: fileBytes(message.fileSize),
        download: message.download || message.content,
      };
    case "event":
      return {
        kind: "line",
        text: eventLine(
          message.extends,
          message.fromUser.realname,
          htmlToText(message.content),
          t,
        ),
      };
    case "webrtc":
      return {
        kind: "line",
        text: htmlToText(message.content) || t("consoleChats:centre.call", {}),
      };
    default:
      return { kind: "unsupported" };
  }
}

/**
 * The root of a reply in a thread (extensions.md §6) as the row names it: its sender and
 * words, from the quote every reply carries for clients without threads; null for a
 * message outside threads.
 */
export function threadRootOf(
  message: Pick<ConsoleMessage, "thread_id" | "extends">,
): { name: string; text: string } | null {
  if (message.thread_id === "") return null;
  const quote = message.extends.quote;
  if (typeof quote !== "object" || quote === null)
    return { name: "", text: "" };
  const { realname, content } = quote as Record<string, unknown>;
  return {
    name: typeof realname === "string" ? realname : "",
    text: typeof content === "string" ? htmlToText(content) : "",
  };
}
