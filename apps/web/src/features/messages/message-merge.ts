import type { Message } from "@parley/protocol";

/**
 * A newer copy of a held message over the old. A read count only grows, whichever copy
 * comes last: a send's answer can arrive after the pushes that counted its first readers.
 */
export function newerCopy(held: Message, copy: Message): Message {
  const next = { ...held, ...copy };
  // An edit stays: a page read before it can arrive after its event.
  if (held.editTime > copy.editTime) {
    next.content = held.content;
    next.editTime = held.editTime;
  }
  if (held.readCount !== undefined && copy.readCount !== undefined)
    next.readCount = Math.max(held.readCount, copy.readCount);
  // Read stays read: the send's answer (unread) can come after the read mark.
  next.is_read = Math.max(held.is_read, copy.is_read);
  return next;
}
