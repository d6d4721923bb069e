import { ArrowDownOutlined } from "@ant-design/icons";
import { isLanguage } from "@parley/protocol";
import { Button } from "antd";
import { Spinner } from "../../../components/light/Spinner";
import {
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { type Components, Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { useNow } from "../../../hooks/useNow";
import { useReducedMotion } from "../../../hooks/useReducedMotion";
import { LANGUAGE_TAGS } from "../../../i18n";
import { eventLine } from "../../../lib/event-line";
import {
  formatChatTime,
  formatClockTime,
  formatFullTime,
} from "../../../lib/time";
import { useSessionStore } from "../../../stores/session.store";
import { takesReactions } from "../reactions";
import styles from "./chat.module.css";
import type { ChatItem } from "./chat-items";
import {
  arrivedFromOthers,
  distanceFromEnd,
  followsAfterScroll,
  mySendAppended,
  openingPosition,
} from "./list-scroll";
import { type BubbleActions, MessageBubble } from "./MessageBubble";
import { threadable } from "../thread-rules";
import { ThreadSummaryLine } from "./threads/ThreadSummaryLine";

/** Large enough that prepending older pages never reaches zero. */
const START_INDEX = 1_000_000;
/** How close to the end counts as "at the bottom", in pixels. */
const BOTTOM_THRESHOLD_PX = 80;
/** How many frames a jump to the newest row may take while rows above it get measured. */
const SEEK_END_FRAMES = 30;
/** How many frames a jump to a row far up may take: pages load and rows get measured. */
const REVEAL_FRAMES = 180;
/** How many frames a found row must stay in place before the jump ends. */
const REVEAL_STEADY_FRAMES = 3;

/**
 * How far a row is from where a jump puts it (px, positive: below): its centre at the
 * list's centre, or a row taller than the list with its top at the list's top.
 */
function offsetFromCentre(scroller: HTMLElement, row: Element): number {
  const box = row.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  if (box.height >= view.height) return box.top - view.top;
  return (box.top + box.bottom) / 2 - (view.top + view.bottom) / 2;
}

/** Whether a row (by key) is drawn inside the scroller's visible part. */
function rowShown(scroller: HTMLElement, key: string | null): boolean {
  if (key === null) return true;
  const row = scroller.querySelector(`[data-row-key="${CSS.escape(key)}"]`);
  if (!row) return false;
  const box = row.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.bottom > view.top && box.top < view.bottom;
}

/** What the list's header shows, handed to it as Virtuoso's context. */
interface ListContext {
  loadingOlder: boolean;
  /** The first stored message is loaded: nothing earlier to fetch. */
  atStart: boolean;
  startText: string;
}

/*
 * The header (loading older pages, or the start of the chat) and a little room under the
 * last row. Defined once: Virtuoso remounts and re-measures parts that change identity.
 */
const LIST_PARTS: Components<ChatItem, ListContext> = {
  Header: ({ context }) =>
    context.loadingOlder ? (
      <div className={styles.divider}>
        <Spinner />
      </div>
    ) : context.atStart && context.startText !== "" ? (
      <div className={styles.divider}>{context.startText}</div>
    ) : null,
  Footer: () => <div style={{ height: 12 }} />,
};

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
  /** Stops a file upload under way. */
  onCancelUpload?: (item: ChatItem) => void;
  /** Group read receipts for a row that carries them. */
  renderReceipt?: (receipt: NonNullable<ChatItem["receipt"]>) => ReactNode;
  /** Each row's menu and its quote's click (issue 11). */
  actions?: BubbleActions;
  /** A row to bring into view and mark for a moment; `nonce` repeats a jump to the same row. */
  reveal?: { key: string; nonce: number } | null;
  /** Beside an event line: e.g. "Re-edit" on my withdrawn text message. */
  renderEventExtra?: (item: ChatItem) => ReactNode;
  /** Above the first row once all are loaded, in place of "the start of the chat". */
  startText?: string;
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
  onCancelUpload,
  renderReceipt,
  actions,
  reveal,
  renderEventExtra,
  startText,
}: Props) {
  const { t, i18n } = useTranslation("messages");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();
  const me = useSessionStore((s) => s.user?.user_id ?? 0);
  const formatMessages = useSessionStore(
    (s) => s.user?.setting.formatMessages ?? true,
  );
  const reducedMotion = useReducedMotion();
  const list = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const [opening] = useState(() => openingPosition(items, firstUnread));
  const [openingKey] = useState(firstUnread);
  // Whether the reader is at the newest row: kept from the scroller's own geometry on every
  // scroll, so it is right from the first frame and never waits for a debounced callback.
  const atBottom = useRef(opening.index === "LAST");
  const latest = useRef(items);
  const [unseen, setUnseen] = useState(0);
  const seeking = useRef(0);

  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const bottom = followsAfterScroll(
      atBottom.current,
      lastTop.current,
      el,
      BOTTOM_THRESHOLD_PX,
    );
    lastTop.current = el.scrollTop;
    atBottom.current = bottom;
    if (bottom) setUnseen(0);
  }, []);

  const stopSeeking = useCallback(() => {
    seeking.current += 1;
  }, []);

  /*
   * Jumps to the newest row. Rows between here and there have not been measured, so the
   * first jump lands on estimates; it jumps again each frame until the end is really shown.
   */
  const seekEnd = useCallback(() => {
    seeking.current += 1;
    const run = seeking.current;
    let frames = 0;
    const step = () => {
      const el = scroller.current;
      if (run !== seeking.current || !el) return;
      list.current?.scrollToIndex({ index: "LAST", align: "end" });
      frames += 1;
      requestAnimationFrame(() => {
        if (distanceFromEnd(el) > 1 && frames < SEEK_END_FRAMES) step();
      });
    };
    step();
  }, []);

  // Opened at the newest row: rows measured after the first frame (fonts, read marks,
  // a busy machine) would leave it short of the end, so it is sought until really there.
  // Opened at the first unread: the same for its row, sought until drawn at the top.
  useEffect(() => {
    if (opening.index === "LAST") {
      seekEnd();
      return;
    }
    const index = opening.index;
    seeking.current += 1;
    const run = seeking.current;
    let frames = 0;
    let frame = 0;
    const check = () => {
      const el = scroller.current;
      if (run !== seeking.current || !el || frames >= SEEK_END_FRAMES) return;
      frames += 1;
      if (!rowShown(el, openingKey))
        list.current?.scrollToIndex({ index, align: "start" });
      // Where the opening left it (no scroll event comes if no scroll was needed).
      else atBottom.current = distanceFromEnd(el) <= BOTTOM_THRESHOLD_PX;
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [opening, openingKey, seekEnd]);

  useEffect(() => {
    const before = latest.current;
    latest.current = items;
    // My own send always comes into view, from however far up the history I am.
    if (mySendAppended(before, items)) {
      setUnseen(0);
      if (!atBottom.current) seekEnd();
      return;
    }
    // Others' messages that arrive while I read older history are counted for the pill.
    const arrived = arrivedFromOthers(before, items);
    if (arrived > 0 && !atBottom.current) setUnseen((n) => n + arrived);
  }, [items, seekEnd]);

  // A row asked for (a quote clicked, a search result): scrolled to, then marked a moment.
  // Rows between here and there are measured only as they are drawn, and reaching the top
  // loads older pages above: so the row is sought each frame (by its index while it is not
  // drawn, then by its own box) until it has stayed centred for a few frames.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!reveal) return;
    const indexOf = () =>
      latest.current.findIndex((item) => item.key === reveal.key);
    const first = indexOf();
    if (first < 0) return;
    seeking.current += 1;
    const run = seeking.current;
    atBottom.current = false;
    list.current?.scrollToIndex({ index: first, align: "center" });
    let frames = 0;
    let steady = 0;
    let frame = 0;
    const step = () => {
      const el = scroller.current;
      if (run !== seeking.current || !el || frames >= REVEAL_FRAMES) return;
      frames += 1;
      const row = el.querySelector(
        `[data-row-key="${CSS.escape(reveal.key)}"]`,
      );
      const offset = row ? offsetFromCentre(el, row) : null;
      if (offset === null) {
        const index = indexOf();
        if (index >= 0) list.current?.scrollToIndex({ index, align: "center" });
        steady = 0;
      } else if (Math.abs(offset) > 2) {
        // A row near either end cannot be centred: where the list stops, it stays.
        const before = el.scrollTop;
        el.scrollTop += offset;
        steady = el.scrollTop === before ? steady + 1 : 0;
      } else steady += 1;
      if (steady >= REVEAL_STEADY_FRAMES) return;
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    setHighlighted(reveal.key);
    const timer = setTimeout(() => setHighlighted(null), 2_000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [reveal]);

  const toLatest = () => {
    setUnseen(0);
    seekEnd();
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
        scrollerRef={(el) => {
          const next = el instanceof HTMLElement ? el : null;
          if (next === scroller.current) return;
          scroller.current?.removeEventListener("scroll", onScroll);
          scroller.current?.removeEventListener("wheel", stopSeeking);
          scroller.current?.removeEventListener("touchstart", stopSeeking);
          scroller.current = next;
          next?.addEventListener("scroll", onScroll, { passive: true });
          // A reader who scrolls away stops a jump under way.
          next?.addEventListener("wheel", stopSeeking, { passive: true });
          next?.addEventListener("touchstart", stopSeeking, { passive: true });
        }}
        atBottomThreshold={BOTTOM_THRESHOLD_PX}
        // A row that grows at the bottom (a read mark, a picture) keeps the end in view.
        totalListHeightChanged={() => {
          const el = scroller.current;
          if (atBottom.current && el && distanceFromEnd(el) > 1)
            el.scrollTop = el.scrollHeight;
        }}
        // Others' rows are followed only from the bottom; my own send is sought above.
        // The bottom as this list last saw it, not the virtualiser's own idea: on a busy
        // machine that can still say "at the bottom" for a chat opened at its first unread
        // row and never scrolled, and following then took the reader away from it.
        followOutput={() =>
          atBottom.current ? (reducedMotion ? "auto" : "smooth") : false
        }
        startReached={() => {
          if (hasOlder && !loadingOlder) onLoadOlder();
        }}
        context={{
          loadingOlder,
          atStart: !hasOlder && items.length > 0,
          startText: startText ?? t("messages.start"),
        }}
        components={LIST_PARTS}
        itemContent={(_, item) => (
          <>
            {item.unreadDivider && (
              <div className={styles.unreadLine} role="separator">
                <span>{t("list.newMessages")}</span>
              </div>
            )}
            {item.caption !== undefined && (
              <div className={styles.captionLine} role="separator">
                <span>{item.caption}</span>
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
              <div
                className={styles.eventLine}
                data-testid="event-line"
                data-row-key={item.key}
              >
                {eventLine(
                  item.event,
                  item.name,
                  item.content,
                  (key, options) => t(key, options),
                  item.mine,
                )}
                {renderEventExtra?.(item)}
                {/* A withdrawn root keeps its thread readable (extensions.md §6). */}
                {item.message?.thread &&
                  item.message.thread.count > 0 &&
                  actions?.openThread && (
                    <ThreadSummaryLine
                      thread={item.message.thread}
                      locale={locale}
                      personOf={actions.personOf}
                      onOpen={() => actions.openThread?.(item.key)}
                    />
                  )}
              </div>
            ) : (
              <MessageBubble
                rowKey={item.key}
                actions={actions}
                reactions={
                  takesReactions(item.message)
                    ? (item.message?.reactions ?? [])
                    : undefined
                }
                me={me}
                editTime={item.message?.editTime}
                clientId={item.message?.id}
                locale={locale}
                formatted={formatMessages}
                linkPreview={item.linkPreview}
                thread={item.message?.thread}
                threadable={
                  item.message !== undefined && threadable(item.message)
                }
                quote={item.quote}
                highlighted={highlighted === item.key}
                mine={item.mine}
                avatar={item.avatar}
                name={item.name}
                userId={item.userId}
                bot={item.bot}
                content={
                  item.notice === undefined
                    ? item.content
                    : t("events.notice", { notice: item.notice })
                }
                links={item.links}
                media={item.media}
                unknownType={item.unknownType}
                call={item.call}
                upload={
                  item.pending?.upload && item.pending.status === "going"
                    ? {
                        progress: item.pending.upload.progress,
                        onCancel: () => onCancelUpload?.(item),
                      }
                    : undefined
                }
                status={item.status}
                statusReason={item.statusReason}
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
