import { BotTag } from "../../../components/BotTag";
import {
  CommentOutlined,
  MoreOutlined,
  SmileOutlined,
  PhoneOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import type { LinkPreview, Reaction, ThreadSummary } from "@parley/protocol";
import { clsx } from "clsx";
import { Avatar, Button, type MenuProps } from "antd";
import { memo, type ReactElement, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CallRecordView, callDuration } from "../../calls";
import { groupNumber } from "../../groups";
import { UserCardButton } from "../../friends";
import { LazyDropdown } from "../../../components/LazyDropdown";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import styles from "./chat.module.css";
import mediaStyles from "./media.module.css";
import { type TextLink, withTextLinks } from "../../../lib/html-text";
import type { QuoteView } from "./chat-items";
import { collapsedText } from "./long-text";
import type { MediaBody } from "./media";
import { MediaContent, type UploadState } from "./MediaContent";
import { type DeliveryStatus, MessageStatus } from "./MessageStatus";
import { EditedMark } from "./EditedMark";
import { LinkPreviewCard } from "./LinkPreviewCard";
import { mightBeFormatted } from "./formatting/might-format";
import { lazyPart } from "../../../lib/lazy-parts";
import { ReactionAdder, ReactionBar } from "./ReactionBar";
import { ThreadSummaryLine } from "./threads/ThreadSummaryLine";
import threadStyles from "./threads/threads.module.css";

/** What a row's menu and quote do; one object for the whole list, so rows stay memoised. */
export interface BubbleActions {
  /** The menu of the row with this key, asked for only when it opens. */
  menu: (rowKey: string) => MenuProps | null;
  /** A quote above a reply was clicked: bring the quoted message into view. */
  showQuoted: (msgId: number) => void;
  /** Adds or takes away my reaction with an emoji on the row's message. */
  react: (rowKey: string, emoji: string, on: boolean) => void;
  /** A reacting user's name as this chat knows it (undefined: unknown here). */
  nameOf: (userId: number) => string | undefined;
  /** The sender takes the row's link preview away (extensions.md §5). */
  dismissPreview: (rowKey: string) => void;
  /** A person's name and picture as this chat knows them (a thread's repliers). */
  personOf?: (userId: number) => { name: string; avatar: string } | undefined;
  /** Opens the row's thread (extensions.md §6); absent inside a thread. */
  openThread?: (rowKey: string) => void;
}

/** The labels a quote shows for a quoted picture, clip or file (messages:quote.*). */
const QUOTED_LABELS: Record<string, string> = {
  image: "quote.image",
  emoji: "quote.image",
  voice: "quote.voice",
  video: "quote.video",
  file: "quote.file",
};

export interface BubbleProps {
  /** The row's key: what the menu is asked for. */
  rowKey?: string;
  actions?: BubbleActions | undefined;
  /** The message this one replies to. */
  quote?: QuoteView | undefined;
  /** Brought into view just now (a quote or a search result): briefly marked. */
  highlighted?: boolean;
  mine: boolean;
  avatar: string;
  name: string;
  /** The sender: the avatar opens their card. */
  userId?: number | undefined;
  /** The sender is a bot: marked beside its name. */
  bot?: boolean | undefined;
  content: string;
  /** The web addresses in the text, drawn as links. */
  links?: readonly TextLink[] | undefined;
  /** A file message: drawn as its picture, clip or card instead of text. */
  media?: MediaBody | undefined;
  /** While the file uploads: its progress and cancel. */
  upload?: UploadState | undefined;
  /** A message type this client does not know: its text, marked as such. */
  unknownType?: boolean | undefined;
  /** A call's record: drawn as the call and how it ended, in the reader's language. */
  call?: CallRecordView | undefined;
  status: DeliveryStatus;
  /** Failed: why the server refused it. */
  statusReason?: string | undefined;
  read?: boolean | undefined;
  /** The first of a run of one sender's messages: avatar, name and time above it. */
  groupStart: boolean;
  /** The time of day, shown with the run's first message and beside any row under the pointer. */
  time: string;
  /** Shown as a time divider above this row already: the run's heading leaves it out. */
  timeShown: boolean;
  /** The exact date and time, as the row's hover title. */
  fullTime: string;
  onResend?: (() => void) | undefined;
  /** Group read receipts under the bubble ("read by 3 of 5"), when I may see them. */
  receipt?: ReactNode;
  /** The message's reactions, when it takes them (undefined: it takes none). */
  reactions?: readonly Reaction[] | undefined;
  /** My user id: my reactions are marked. */
  me?: number;
  /** An edited message's last edit time (ms), for the "(edited)" mark; 0 never edited. */
  editTime?: number | undefined;
  /** The stored message's client id (its edit history is read by it). */
  clientId?: string | undefined;
  /** The reader's locale tag, for times. */
  locale?: string | undefined;
  /** Draw Markdown in the text (the reader's "Format messages" setting, extensions.md §4). */
  formatted?: boolean | undefined;
  /** The text's link preview (extensions.md §5). */
  linkPreview?: LinkPreview | undefined;
  /** A root's thread (extensions.md §6): the line under it that opens it. */
  thread?: ThreadSummary | undefined;
  /** It may have a thread: the row offers "Reply in thread" on hover. */
  threadable?: boolean | undefined;
}

/** A text with its links drawn as links (each opens a new tab, telling it nothing of us). */
function LinkedText({
  text,
  links,
}: {
  text: string;
  links: readonly TextLink[] | undefined;
}) {
  if (!links || links.length === 0) return <>{text}</>;
  return (
    <>
      {withTextLinks(text, links).map((piece, i) =>
        typeof piece === "string" ? (
          piece
        ) : (
          <a
            // The pieces of one text never move: the index is their identity.
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.textLink}
          >
            {piece.text}
          </a>
        ),
      )}
    </>
  );
}

/** A text with Markdown drawn, its code fetched with the first such text (extensions.md §4). */
const FormattedText = lazyPart<{
  text: string;
  links: readonly TextLink[] | undefined;
}>(
  () =>
    import("./formatting/FormattedText").then(
      ({ FormattedText: Formatted }) =>
        function MarkdownText({ text }: { text: string }) {
          return <Formatted text={text} />;
        },
    ),
  LinkedText,
);

/** A message's words: with its Markdown drawn when the reader wants it and it has any. */
function MessageText({
  text,
  links,
  formatted,
}: {
  text: string;
  links: readonly TextLink[] | undefined;
  formatted: boolean;
}) {
  return formatted && mightBeFormatted(text) ? (
    <FormattedText text={text} links={links} />
  ) : (
    <LinkedText text={text} links={links} />
  );
}

/** One message, as text: content is never rendered as HTML. */
export const MessageBubble = memo(function MessageBubble(props: BubbleProps) {
  const {
    mine,
    avatar,
    name,
    userId,
    bot,
    content,
    links,
    media,
    upload,
    unknownType,
    call,
    status,
    statusReason,
    read,
    groupStart,
    time,
    timeShown,
    fullTime,
    onResend,
    receipt,
    rowKey,
    actions,
    quote,
    highlighted,
    reactions,
    me = 0,
    editTime = 0,
    clientId,
    locale = "zh-CN",
    formatted = false,
    linkPreview,
    thread,
    threadable = false,
  } = props;
  const { t } = useTranslation("messages");
  const [expanded, setExpanded] = useState(false);
  const [menuOpen, setMenuOpen] = useState<"pointer" | "button" | null>(null);
  const menu =
    menuOpen && actions && rowKey !== undefined ? actions.menu(rowKey) : null;
  const closeMenu = (open: boolean) => {
    if (!open) setMenuOpen(null);
  };
  const withMenu = (content: ReactElement) =>
    actions && rowKey !== undefined ? (
      <LazyDropdown
        trigger={["contextMenu"]}
        open={menuOpen === "pointer" && menu !== null}
        onOpenChange={(open) => {
          setMenuOpen(open ? "pointer" : null);
        }}
        menu={menu ?? { items: [] }}
      >
        {content}
      </LazyDropdown>
    ) : (
      content
    );
  // In a group the card is asked for as seen from it: its profile privacy applies.
  const groupId = useChatUiStore((s) =>
    s.openContactId === null
      ? undefined
      : (groupNumber(s.openContactId) ?? undefined),
  );
  const short = collapsedText(content);
  const rowClass = [
    mine ? styles.rowMine : styles.row,
    groupStart ? styles.rowFirst : styles.rowNext,
    highlighted ? styles.rowHighlighted : "",
  ].join(" ");
  return (
    <div
      className={rowClass}
      data-testid="message"
      data-row-key={rowKey}
      data-run-start={groupStart ? "" : undefined}
      data-highlighted={highlighted ? "" : undefined}
      title={fullTime}
    >
      {groupStart && userId !== undefined ? (
        <UserCardButton
          userId={userId}
          groupId={groupId}
          name={name}
          avatar={avatar}
          className={styles.bubbleAvatar}
        >
          <Avatar src={avatar} size={36}>
            {name.slice(0, 1)}
          </Avatar>
        </UserCardButton>
      ) : groupStart ? (
        <Avatar src={avatar} size={36} className={styles.bubbleAvatar}>
          {name.slice(0, 1)}
        </Avatar>
      ) : (
        <time className={styles.gutterTime} aria-hidden>
          {time}
        </time>
      )}
      <div className={styles.bubbleColumn}>
        {groupStart && (
          <div className={styles.runHeading}>
            {!mine && <span className={styles.runName}>{name}</span>}
            {!mine && bot && <BotTag />}
            {!timeShown && <time>{time}</time>}
          </div>
        )}
        {quote && (
          <button
            type="button"
            className={styles.quote}
            data-testid="quote"
            onClick={() => actions?.showQuoted(quote.msgId)}
          >
            <span className={styles.quoteName}>{quote.name}</span>
            <span className={styles.quoteText}>
              {quote.undone
                ? t("quote.withdrawn")
                : QUOTED_LABELS[quote.type]
                  ? `${t(QUOTED_LABELS[quote.type] ?? "")} ${quote.text}`
                  : quote.text}
            </span>
          </button>
        )}
        <div className={styles.bubbleLine}>
          {media
            ? withMenu(
                <div className={mediaStyles.media}>
                  <MediaContent media={media} mine={mine} upload={upload} />
                </div>,
              )
            : withMenu(
                <div className={mine ? styles.bubbleMine : styles.bubble}>
                  {unknownType && (
                    <span className={styles.unknownType}>
                      {t("bubble.unknownType")}
                    </span>
                  )}
                  {call ? (
                    <span
                      className={styles.callRecord}
                      data-testid="call-record"
                    >
                      {call.video ? <VideoCameraOutlined /> : <PhoneOutlined />}
                      {t(`calls:record.${call.key}`, {
                        duration: callDuration(call.seconds),
                      })}
                    </span>
                  ) : (
                    <MessageText
                      text={short !== null && !expanded ? short : content}
                      links={links}
                      formatted={formatted}
                    />
                  )}
                  {editTime > 0 && clientId !== undefined && !call && (
                    <EditedMark
                      clientId={clientId}
                      editTime={editTime}
                      locale={locale}
                    />
                  )}
                  {short !== null && (
                    <Button
                      type="link"
                      size="small"
                      className={styles.showMore}
                      aria-expanded={expanded}
                      onClick={() => setExpanded(!expanded)}
                    >
                      {t(expanded ? "bubble.showLess" : "bubble.showMore")}
                    </Button>
                  )}
                </div>,
              )}
          {actions && rowKey !== undefined && reactions && (
            <ReactionAdder
              quick
              onPick={(emoji) => actions.react(rowKey, emoji, true)}
            >
              <Button
                type="text"
                size="small"
                className={styles.moreButton}
                icon={<SmileOutlined />}
                aria-label={t("reactions.add")}
              />
            </ReactionAdder>
          )}
          {actions?.openThread && rowKey !== undefined && threadable && (
            <Button
              type="text"
              size="small"
              className={clsx(styles.moreButton, threadStyles.threadButton)}
              icon={<CommentOutlined />}
              aria-label={t("threads.reply")}
              onClick={() => actions.openThread?.(rowKey)}
            />
          )}
          {actions && rowKey !== undefined && (
            <LazyDropdown
              trigger={["click"]}
              open={menuOpen === "button" && menu !== null}
              onOpenChange={(open) => {
                setMenuOpen(open ? "button" : null);
                closeMenu(open);
              }}
              menu={menu ?? { items: [] }}
            >
              <Button
                type="text"
                size="small"
                className={styles.moreButton}
                icon={<MoreOutlined />}
                aria-label={t("menu.open")}
              />
            </LazyDropdown>
          )}
        </div>
        {linkPreview && (
          <LinkPreviewCard
            preview={linkPreview}
            mine={mine}
            onDismiss={
              mine && actions && rowKey !== undefined
                ? () => actions.dismissPreview(rowKey)
                : undefined
            }
          />
        )}
        {actions &&
          rowKey !== undefined &&
          reactions &&
          reactions.length > 0 && (
            <ReactionBar
              reactions={reactions}
              me={me}
              mine={mine}
              nameOf={actions.nameOf}
              onToggle={(emoji, on) => actions.react(rowKey, emoji, on)}
            />
          )}
        {thread &&
          thread.count > 0 &&
          actions?.openThread &&
          rowKey !== undefined && (
            <ThreadSummaryLine
              thread={thread}
              locale={locale}
              personOf={actions.personOf}
              onOpen={() => actions.openThread?.(rowKey)}
            />
          )}
        {(mine || receipt) && (
          <div className={styles.bubbleStatus}>
            {receipt ?? (
              <MessageStatus
                status={status}
                read={read}
                onResend={onResend}
                reason={statusReason}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
});
