import emojiRegex from "emoji-regex";
import { ReactionLimits } from "./limits.js";

/** The length of a string in UTF-8 bytes. */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const point = char.codePointAt(0) ?? 0;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Whether `value` is one emoji as Unicode writes it, alone: a single emoji of Unicode's
 * recommended set (skin tones, ZWJ sequences, keycaps and flags included, by the maintained
 * emoji-regex), at most 32 bytes. Anything else (text, two emojis, an emoji with text
 * around it) is not a reaction.
 */
export function isReactionEmoji(value: string): boolean {
  if (value === "" || utf8Bytes(value) > ReactionLimits.emojiMaxBytes)
    return false;
  const found = value.match(emojiRegex());
  return found?.length === 1 && found[0] === value;
}
