import { StarFilled } from "@ant-design/icons";
import { Segmented } from "antd";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  EMOJI_SETS,
  type EmojiSet,
  readFavourites,
  toggleFavourite,
} from "../emoji";
import styles from "./toolbar.module.css";

/**
 * The emoji grid: a click puts the glyph into the text; a right-click (or the star while
 * the pointer is on it) adds it to favourites or takes it out.
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation("messages");
  const [favourites, setFavourites] = useState(readFavourites);
  const [set, setSet] = useState<EmojiSet>(() =>
    favourites.length > 0 ? "favourites" : "faces",
  );
  const shown = set === "favourites" ? favourites : EMOJI_SETS[set];
  const toggle = (event: MouseEvent, emoji: string) => {
    event.preventDefault();
    setFavourites((list) => toggleFavourite(list, emoji));
  };
  return (
    <div className={styles.picker}>
      <Segmented<EmojiSet>
        size="small"
        block
        value={set}
        onChange={setSet}
        options={[
          { value: "faces", label: t("emoji.faces") },
          { value: "gestures", label: t("emoji.gestures") },
          {
            value: "favourites",
            label: (
              <span>
                <StarFilled /> {t("emoji.favourites")}
              </span>
            ),
          },
        ]}
      />
      {shown.length === 0 ? (
        <p className={styles.pickerEmpty}>{t("emoji.noFavourites")}</p>
      ) : (
        <div
          className={styles.grid}
          role="listbox"
          aria-label={t("emoji.label")}
        >
          {shown.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="option"
              aria-selected={false}
              className={styles.emoji}
              aria-label={emoji}
              title={t(
                favourites.includes(emoji)
                  ? "emoji.unfavouriteHint"
                  : "emoji.favouriteHint",
              )}
              onClick={() => onPick(emoji)}
              onContextMenu={(e) => toggle(e, emoji)}
            >
              {emoji}
              {favourites.includes(emoji) && set !== "favourites" && (
                <StarFilled className={styles.star} aria-hidden />
              )}
            </button>
          ))}
        </div>
      )}
      <p className={styles.pickerHint}>{t("emoji.hint")}</p>
    </div>
  );
}
