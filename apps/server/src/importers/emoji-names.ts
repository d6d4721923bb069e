import { createRequire } from "node:module";
import { isReactionEmoji } from "@parley/protocol";

/*
 * Emoji short names as Slack and Mattermost write reactions ("+1", "joy",
 * "+1::skin-tone-3"): iamcal's names (emoji-data, which both use), read from the
 * maintained emojibase-data, to the emoji itself. A custom emoji has none.
 */

interface Entry {
  hexcode: string;
  emoji: string;
  skins?: { hexcode: string; emoji: string; tone?: number | number[] }[];
}

const require = createRequire(import.meta.url);
let names: Map<string, Entry> | undefined;

function table(): Map<string, Entry> {
  if (names) return names;
  const data = require("emojibase-data/en/data.json") as Entry[];
  const shortcodes =
    require("emojibase-data/en/shortcodes/iamcal.json") as Record<
      string,
      string | string[]
    >;
  const byHex = new Map(data.map((entry) => [entry.hexcode, entry]));
  names = new Map();
  for (const [hex, given] of Object.entries(shortcodes)) {
    const entry = byHex.get(hex);
    if (!entry) continue;
    for (const name of Array.isArray(given) ? given : [given])
      names.set(name, entry);
  }
  return names;
}

/** The emoji a short name stands for, or null (a custom emoji, or a name unknown). */
export function emojiOfName(given: string): string | null {
  const name = given.replace(/^:|:$/g, "").toLowerCase();
  const [base = "", tone] = name.split("::skin-tone-");
  const entry = table().get(base);
  if (!entry) return null;
  let emoji = entry.emoji;
  if (tone !== undefined) {
    // iamcal's tones are 2–6, emojibase's 1–5.
    const skin = entry.skins?.find((s) => s.tone === Number(tone) - 1);
    if (skin) emoji = skin.emoji;
  }
  if (isReactionEmoji(emoji)) return emoji;
  // emojibase writes a presentation selector (U+FE0F) Unicode's recommended form omits.
  const plain = emoji.replaceAll("\uFE0F", "");
  return isReactionEmoji(plain) ? plain : null;
}
