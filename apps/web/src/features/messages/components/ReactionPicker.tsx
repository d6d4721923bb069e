import EmojiPicker, {
  type EmojiDataInput,
  EmojiStyle,
  Theme,
} from "emoji-picker-react";
import { useTranslation } from "react-i18next";
import { isLanguage, type Language } from "@parley/protocol";
import { useSessionStore } from "../../../stores/session.store";
import { QUICK_REACTIONS } from "../reactions";

/** The picker's names of the emojis, in the reader's language (English where it has none). */
const EMOJI_NAMES: Partial<Record<Language, EmojiDataInput>> = {
  zh: () => import("emoji-picker-react/data/emojis-zh"),
  ft: () => import("emoji-picker-react/data/emojis-zh-hant"),
  ry: () => import("emoji-picker-react/data/emojis-ru"),
  hy: () => import("emoji-picker-react/data/emojis-de"),
  ty: () => import("emoji-picker-react/data/emojis-th"),
  yn: () => import("emoji-picker-react/data/emojis-vi"),
  fy: () => import("emoji-picker-react/data/emojis-fr"),
  e: () => import("emoji-picker-react/data/emojis-ko"),
  ptyy: () => import("emoji-picker-react/data/emojis-pt"),
  dy: () => import("emoji-picker-react/data/emojis-ja"),
};

export interface ReactionPickerProps {
  /** Opens on the quick reactions, with a button to see every emoji; else every emoji. */
  quick: boolean;
  onPick: (emoji: string) => void;
}

/**
 * Every emoji, searchable in the reader's language, with the ones used lately first
 * (emoji-picker-react keeps them): fetched with the first reaction picked, not with the
 * chat screen.
 */
export function ReactionPicker({ quick, onPick }: ReactionPickerProps) {
  const { t, i18n } = useTranslation("messages");
  const lang = isLanguage(i18n.language) ? i18n.language : "en";
  const names = EMOJI_NAMES[lang];
  const dark = useSessionStore((s) => s.user?.setting.theme === "dark");
  return (
    <EmojiPicker
      reactionsDefaultOpen={quick}
      reactions={QUICK_REACTIONS.map((e) => emojiUnified(e))}
      emojiStyle={EmojiStyle.NATIVE}
      theme={dark ? Theme.DARK : Theme.LIGHT}
      lazyLoadEmojis
      width={320}
      height={380}
      previewConfig={{ showPreview: false }}
      {...(names ? { emojiData: names } : {})}
      labels={{
        searchPlaceholder: t("reactions.search"),
        searchLabel: t("reactions.search"),
        reactions: t("reactions.quick"),
        expandReactions: t("reactions.more"),
      }}
      onReactionClick={(emoji) => onPick(emoji.emoji)}
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
    />
  );
}

/** An emoji's code points as the picker names them ("1f44d", "2764-fe0f"). */
function emojiUnified(emoji: string): string {
  const points: string[] = [];
  // Code points, not graphemes: the picker's names join each one's hex.
  for (const char of emoji)
    points.push((char.codePointAt(0) ?? 0).toString(16));
  return points.join("-");
}
