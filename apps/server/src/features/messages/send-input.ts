import type { messages as calls } from "@parley/protocol";
import {
  type CallRequest,
  characterLength,
  type ContactId,
  Limits,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { cleanMessageHtml, shownText } from "../../lib/message-html.js";

/* What a send carries, as the call parsed it or the files feature made it, and what is stored. */

/** A send as the call parsed it. */
export type SendInput = CallRequest<typeof calls.sendMessage>;
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
    extends: {},
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
