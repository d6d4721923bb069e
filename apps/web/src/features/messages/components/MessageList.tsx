import { ArrowDownOutlined } from "@ant-design/icons";
import { isLanguage } from "@parley/protocol";
import { Button, Spin } from "antd";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { useNow } from "../../../hooks/useNow";
import { LANGUAGE_TAGS } from "../../../i18n";
import { eventLine } from "../../../lib/event-line";
import {
  formatChatTime,
  formatClockTime,
  formatFullTime,
} from "../../../lib/time";
import styles from "./chat.module.css";
import type { ChatItem } from "./chat-items";
import {
  arrivedFromOthers,
  followsNewRow,
  openingPosition,
} from "./list-scroll";
import { MessageBubble } from "./MessageBubble";

/** Large enough that prepending older pages never reaches zero. */
const START_INDEX = 1_000_000;
/** How close to the end counts as "at the bottom", in pixels. */
const BOTTOM_THRESHOLD_PX = 80;

interface Props {
  items: ChatItem[];
  /** How many stored messages were loaded beyond the first page (prepended above). */
  olderCount: number;
  loadingOlder: boolean;
  hasOlder: boolean;
  /** The row under the "new messages" line, fixed when the chat opened. */
  firstUnread: string | null;
  onLoadOlder: () => void;
  onResend: (item: ChatItem) => void;
  /** Group read receipts for a row that carries them. */
  renderReceipt?: (receipt: NonNullable<ChatItem["receipt"]>) => ReactNode;
}

/**
 * The virtualised message list: opens at the first unread message or the newest, brings my
 * own sends into view, follows others' messages while at the bottom and otherwise offers a
 * "new messages" pill; loads older pages on scroll up.
 */
export function MessageList({
  items,
  olderCount,
  loadingOlder,
  hasOlder,
  firstUnread,
  onLoadOlder,
  onResend,
  renderReceipt,
}: Props) {
  const { t, i18n } = useTranslation("messages");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();
  const list = useRef<VirtuosoHandle>(null);
  const [opening] = useState(() => openingPosition(items, firstUnread));
  const atBottom = useRef(true);
  const latest = useRef(items);
  const [unseen, setUnseen] = useState(0);

  // Others' messages that arrive while I read older history are counted for the pill.
  useEffect(() => {
    const arrived = arrivedFromOthers(latest.current, items);
    latest.current = items;
    if (arrived > 0 && !atBottom.current) setUnseen((n) => n + arrived);
  }, [items]);

  const toLatest = () => {
    setUnseen(0);
    // A long way through rows not yet measured: jump, then Virtuoso settles on the last row.
    list.current?.scrollToIndex({ index: "LAST", align: "end" });
  };

  return (
    <div className={styles.messages}>
      <Virtuoso
        ref={list}
        style={{ height: "100%" }}
        data={items}
        firstItemIndex={START_INDEX - olderCount}
        initialTopMostItemIndex={opening}
        computeItemKey={(_, item) => item.key}
        atBottomThreshold={BOTTOM_THRESHOLD_PX}
        atBottomStateChange={(bottom) => {
          atBottom.current = bottom;
          if (bottom) setUnseen(0);
        }}
        followOutput={(bottom) =>
          followsNewRow(bottom, latest.current.at(-1)) ? "smooth" : false
        }
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
            {item.unreadDivider && (
              <div className={styles.unreadLine} role="separator">
                <span>{t("list.newMessages")}</span>
              </div>
            )}
            {item.divider && (
              <div className={styles.divider}>
                {formatChatTime(item.sendTime, now, locale, {
                  yesterday: t("common:time.yesterday"),
                })}
              </div>
            )}
            {item.event ? (
              <div className={styles.eventLine} data-testid="event-line">
                {eventLine(
                  item.event,
                  item.name,
                  item.content,
                  (key, options) => t(key, options),
                )}
              </div>
            ) : (
              <MessageBubble
                mine={item.mine}
                avatar={item.avatar}
                name={item.name}
                content={item.content}
                status={item.status}
                read={item.read}
                groupStart={item.groupStart}
                time={formatClockTime(item.sendTime, locale)}
                timeShown={item.divider}
                fullTime={formatFullTime(item.sendTime, locale)}
                onResend={item.pending ? () => onResend(item) : undefined}
                receipt={
                  item.receipt && renderReceipt
                    ? renderReceipt(item.receipt)
                    : undefined
                }
              />
            )}
          </>
        )}
      />
      {unseen > 0 && (
        <Button
          type="primary"
          shape="round"
          className={styles.newPill}
          icon={<ArrowDownOutlined />}
          iconPlacement="end"
          onClick={toLatest}
        >
          {t("list.jumpToNew", { count: unseen })}
        </Button>
      )}
    </div>
  );
}
