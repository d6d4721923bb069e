import type { messages as calls } from "@parley/protocol";
import {
  type CallRequest,
  characterLength,
  clipText,
  textToHtml,
  type ContactId,
  Limits,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { parseJsonObject } from "../../lib/json.js";
import {
  cleanMessageHtml,
  oneLineText,
  shownText,
} from "../../lib/message-html.js";
import type { MessageRow } from "./message-store.repository.js";

/* What a send carries, as the call parsed it or the files feature made it, and what is stored. */

/** A send as the call parsed it. */
export type SendInput = CallRequest<typeof calls.sendMessage> & {
  /**
   * The name an incoming webhook's payload gives (Slack's `username`), shown instead of
   * its bot's (`extends.hookName`); never from the wire.
   */
  hookName?: string;
};
/**
 * A message carrying a stored file (the files feature's uploads): its type, its content
 * (the file's address), the file and what the message says of it.
 */
export interface FileSendInput {
  id: string;
  toContactId: ContactId;
  pid?: number | undefined;
  /** A reply in a thread: the root's client id (extensions.md §6). */
  thread_id?: string | undefined;
  /** With `thread_id`: also shown in the chat. */
  thread_broadcast?: number | undefined;
  type: "image" | "voice" | "video" | "file" | "emoji";
  content: string;
  fileId: number;
  extends: Record<string, unknown>;
}

/** What a send stores: typed text made safe, or a file as the files feature describes it. */
export function payloadOf(input: SendInput | FileSendInput): {
  type: string;
  content: string;
  fileId: number | null;
  extends: Record<string, unknown>;
} {
  if ("fileId" in input)
    return {
      type: input.type,
      content: input.content,
      fileId: input.fileId,
      extends: input.extends,
    };
  return {
    type: input.type,
    content: checkedContent(input.content),
    fileId: null,
    extends: input.hookName ? { hookName: input.hookName } : {},
  };
}

/** How much of a quoted message a reply keeps (characters). */
const QUOTE_MAX = 200;

/**
 * A reply's quote of `quoted` (SPEC §3 Message `extends.quote`), made from the stored
 * message: its text on one line (a file's name), clipped, as escaped HTML.
 */
export function quoteOf(
  quoted: Pick<
    MessageRow,
    "msg_id" | "from_user" | "type" | "content" | "file_id" | "extends"
  >,
  realname: string,
): Record<string, unknown> {
  const ext = parseJsonObject(quoted.extends);
  const text =
    quoted.file_id === null
      ? oneLineText(quoted.content)
      : typeof ext.fileName === "string"
        ? ext.fileName
        : "";
  return {
    msg_id: quoted.msg_id,
    // HTML like every message's content: the reader's text, escaped.
    content: textToHtml(clipText(text, QUOTE_MAX)),
    user_id: quoted.from_user,
    realname,
    type: quoted.type,
  };
}

/** Typed content made safe, refused when empty or too long to read (SPEC §5). */
export function checkedContent(raw: string): string {
  const content = cleanMessageHtml(raw);
  const text = shownText(content);
  if (text.trim() === "") throw refuse("message.empty");
  if (characterLength(text) > Limits.textMessageMax)
    throw refuse("message.tooLong");
  return content;
}
