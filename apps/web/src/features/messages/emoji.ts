import { readJson, StorageKeys, write } from "../../lib/storage";

/**
 * The editor's emoji (SPEC §2: text sets of about 60 entries and a favourites set). Each is
 * a Unicode glyph put into the text as typed, so every client shows it with its own emoji
 * font and no picture is fetched.
 */
export const EMOJI_SETS = {
  faces: glyphs(
    "😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😋😛😜🤪🤗🤭🤫🤔🤐😐😑😶😏😒🙄😬😴😷🤒🤧🥵🥶🤯🤠🥳😎🤓🧐😕🙁😮😲😳🥺😨😰😥😢😭😱😖😩😤😡",
  ),
  gestures: glyphs(
    "👍👎👌✌️🤞🤘🤙👈👉👆👇👋✋👏🙌🙏💪🫶❤️🧡💛💚💙💜🖤💔💕💯🎉🎊🎁🎂🌹🌸🌞🌙⭐🔥✅❌❓❗💤☕🍺🍻🍉🍎⚽🏀🎵📌📎💡⏰🚀🏆💰📷",
  ),
} as const;

/** A string's glyphs as a person sees them (an emoji with a variation selector is one). */
function glyphs(text: string): readonly string[] {
  return Array.from(new Intl.Segmenter().segment(text), (s) => s.segment);
}

/** One of the sets the picker offers as a tab. */
export type EmojiSet = keyof typeof EMOJI_SETS | "favourites";

/** The most emoji kept as favourites; adding past it drops the oldest. */
export const FAVOURITES_MAX = 40;

/** The saved favourites: only strings, at most FAVOURITES_MAX. */
export function readFavourites(): string[] {
  const saved = readJson(StorageKeys.emojiFavourites);
  return Array.isArray(saved)
    ? saved
        .filter((e): e is string => typeof e === "string" && e.length <= 16)
        .slice(0, FAVOURITES_MAX)
    : [];
}

/** Adds an emoji to the favourites, or takes it out when it is there; saves and answers the list. */
export function toggleFavourite(
  favourites: readonly string[],
  emoji: string,
): string[] {
  const next = favourites.includes(emoji)
    ? favourites.filter((e) => e !== emoji)
    : [emoji, ...favourites].slice(0, FAVOURITES_MAX);
  write(StorageKeys.emojiFavourites, next);
  return next;
}
