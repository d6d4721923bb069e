import { isLanguage } from "@parley/protocol";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { Virtuoso } from "react-virtuoso";
import { LANGUAGE_TAGS } from "../../../i18n";
import { formatChatTime } from "../../../lib/time";
import styles from "./chat.module.css";
import type { ChatItem } from "./chat-items";
import { MessageBubble } from "./MessageBubble";

/** Large enough that prepending older pages never reaches zero. */
const START_INDEX = 1_000_000;

interface Props {
  items: ChatItem[];
  /** How many stored messages were loaded beyond the first page (prepended above). */
  olderCount: number;
  loadingOlder: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  onResend: (item: ChatItem) => void;
}

/** The virtualised message list: starts at the bottom, follows new messages, loads older on scroll up. */
export function MessageList({
  items,
  olderCount,
  loadingOlder,
  hasOlder,
  onLoadOlder,
  onResend,
}: Props) {
  const { t, i18n } = useTranslation("messages");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();

  return (
    <div className={styles.messages}>
      <Virtuoso
        style={{ height: "100%" }}
        data={items}
        firstItemIndex={START_INDEX - olderCount}
        initialTopMostItemIndex={Math.max(items.length - 1, 0)}
        computeItemKey={(_, item) => item.key}
        followOutput={(atBottom) => (atBottom ? "smooth" : false)}
        startReached={() => {
          if (hasOlder && !loadingOlder) onLoadOlder();
        }}
        components={{
          Header: () =>
            loadingOlder ? (
              <div className={styles.divider}>
                <Spin size="small" />
              </div>
            ) : !hasOlder && items.length > 0 ? (
              <div className={styles.divider}>{t("messages.start")}</div>
            ) : null,
          Footer: () => <div style={{ height: 12 }} />,
        }}
        itemContent={(_, item) => (
          <>
            {item.divider && (
              <div className={styles.divider}>
                {formatChatTime(item.sendTime, now, locale, {
                  yesterday: t("common:time.yesterday"),
                })}
              </div>
            )}
            <MessageBubble
              mine={item.mine}
              avatar={item.avatar}
              name={item.name}
              content={item.content}
              status={item.status}
              read={item.read}
              onResend={item.pending ? () => onResend(item) : undefined}
            />
          </>
        )}
      />
    </div>
  );
}
