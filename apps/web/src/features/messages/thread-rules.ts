import type { Message } from "@parley/protocol";

/**
 * Whether a message can have a thread: a stored message people wrote (not an event line,
 * a call's record or a notice), or a reply also sent to the chat (its root's thread).
 */
export function threadable(message: Message): boolean {
  return (
    message.msg_id > 0 &&
    message.type !== "event" &&
    message.type !== "webrtc" &&
    message.extends.event !== "notice" &&
    message.is_group < 2
  );
}
