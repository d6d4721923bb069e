import { type Message, NOTICE_CONTACT_ID } from "@parley/protocol";

/** The quick reactions, offered first (as Slack and Teams offer theirs). */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🎉"] as const;

/**
 * Whether a message takes reactions (extensions.md §1): a stored message of a chat, not a
 * line the chat writes itself (an event, a withdrawn message) nor a system notice.
 */
export function takesReactions(message: Message | undefined): boolean {
  return (
    message !== undefined &&
    message.type !== "event" &&
    message.is_group !== 2 &&
    message.toContactId !== NOTICE_CONTACT_ID
  );
}
