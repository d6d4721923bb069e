import { SmileOutlined } from "@ant-design/icons";
import type { Reaction } from "@parley/protocol";
import { Popover, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../lib/lazy-parts";
import styles from "./reactions.module.css";
import type { ReactionPickerProps } from "./ReactionPicker";

/** The emoji picker: its code and its emoji data come when it is first opened. */
export const LazyReactionPicker = lazyDialog<ReactionPickerProps>(
  () => import("./ReactionPicker").then((m) => m.ReactionPicker),
  { useOpen: () => true, onFailed: () => undefined },
);

/** The most names a reaction's tooltip lists before "and N others". */
const NAMES_SHOWN = 10;

/**
 * Who reacted with one emoji, in the reader's language: "You, Ann and 3 others reacted
 * with 👍". Names the reader cannot know (someone no longer in the group) are counted.
 */
function reactedBy(
  reaction: Reaction,
  me: number,
  nameOf: (userId: number) => string | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
  list: Intl.ListFormat,
): string {
  const names: string[] = [];
  for (const id of reaction.user_ids) {
    if (names.length === NAMES_SHOWN) break;
    const name = id === me ? t("reactions.you") : nameOf(id);
    if (name) names.push(name);
  }
  const others = reaction.count - names.length;
  const who =
    others > 0
      ? t("reactions.andOthers", { names: names.join(", "), count: others })
      : list.format(names);
  return t("reactions.by", { who, emoji: reaction.emoji });
}

/**
 * A message's reactions under it (extensions.md §1): each emoji with its count, mine
 * marked, who reacted on hover; a tap adds mine or takes it away, and the last button
 * opens the picker for another.
 */
export function ReactionBar({
  reactions,
  me,
  nameOf,
  onToggle,
  mine,
}: {
  reactions: readonly Reaction[];
  me: number;
  nameOf: (userId: number) => string | undefined;
  onToggle: (emoji: string, on: boolean) => void;
  /** Under my own message: the bar lines up on the right. */
  mine: boolean;
}) {
  const { t, i18n } = useTranslation("messages");
  const list = useMemo(
    () =>
      new Intl.ListFormat(i18n.language, {
        style: "long",
        type: "conjunction",
      }),
    [i18n.language],
  );
  return (
    <div
      className={mine ? styles.barMine : styles.bar}
      role="group"
      aria-label={t("reactions.label")}
    >
      {reactions.map((reaction) => {
        const reacted = reaction.user_ids.includes(me);
        const who = reactedBy(reaction, me, nameOf, t, list);
        return (
          <Tooltip key={reaction.emoji} title={who} mouseEnterDelay={0.3}>
            <button
              type="button"
              className={reacted ? styles.chipMine : styles.chip}
              aria-pressed={reacted}
              aria-label={who}
              onClick={() => onToggle(reaction.emoji, !reacted)}
            >
              <span className={styles.emoji}>{reaction.emoji}</span>
              <span className={styles.count}>{reaction.count}</span>
            </button>
          </Tooltip>
        );
      })}
      <ReactionAdder onPick={(emoji) => onToggle(emoji, true)} quick={false}>
        <button
          type="button"
          className={styles.add}
          aria-label={t("reactions.add")}
        >
          <SmileOutlined />
        </button>
      </ReactionAdder>
    </div>
  );
}

/** A button that opens the emoji picker beside it; the picked emoji is added. */
export function ReactionAdder({
  onPick,
  quick,
  children,
}: {
  onPick: (emoji: string) => void;
  /** The quick reactions first (the hover button), or every emoji (the bar's button). */
  quick: boolean;
  children: React.ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="top"
      arrow={false}
      styles={{ container: { padding: 0 } }}
      destroyOnHidden
      // Always given: antd opens no popover whose content is empty. Drawn (and its code
      // fetched) only once opened, and taken down when closed.
      content={
        <LazyReactionPicker
          quick={quick}
          onPick={(emoji) => {
            setOpen(false);
            onPick(emoji);
          }}
        />
      }
    >
      {children}
    </Popover>
  );
}
