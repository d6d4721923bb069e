import type { ThreadSummary } from "@parley/protocol";
import { Avatar } from "antd";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../../hooks/useNow";
import { formatChatTime } from "../../../../lib/time";
import styles from "./threads.module.css";

/** How many repliers' pictures the line shows. */
const FACES = 3;

/**
 * Under a root with replies (extensions.md §6): the first repliers' pictures, "N replies"
 * and when the last came; a click opens the thread.
 */
export function ThreadSummaryLine({
  thread,
  locale,
  personOf,
  onOpen,
}: {
  thread: ThreadSummary;
  locale: string;
  personOf?:
    | ((userId: number) => { name: string; avatar: string } | undefined)
    | undefined;
  onOpen: () => void;
}) {
  const { t } = useTranslation("messages");
  // "Yesterday" becomes a weekday as days pass: a minute's precision is enough.
  const now = useNow(60_000);
  const last = formatChatTime(thread.lastTime, now, locale, {
    yesterday: t("common:time.yesterday"),
  });
  return (
    <button
      type="button"
      className={styles.threadSummary}
      data-testid="thread-summary"
      onClick={onOpen}
    >
      <span className={styles.faces} aria-hidden>
        {thread.user_ids.slice(0, FACES).map((id) => {
          const person = personOf?.(id);
          return (
            <Avatar key={id} size={20} src={person?.avatar || undefined}>
              {person?.name.slice(0, 1) ?? "?"}
            </Avatar>
          );
        })}
      </span>
      <span className={styles.count}>
        {t("threads.replies", { count: thread.count })}
      </span>
      <span className={styles.last}>
        {t("threads.lastReply", { time: last })}
      </span>
    </button>
  );
}
