import { CommentOutlined } from "@ant-design/icons";
import {
  type FollowedThread,
  isLanguage,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import { Avatar, Button } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CountBadge } from "../../../../components/CountBadge";
import { Spinner } from "../../../../components/light/Spinner";
import { htmlToText } from "../../../../lib/html-text";
import { useNow } from "../../../../hooks/useNow";
import { formatChatTime } from "../../../../lib/time";
import { useChatUiStore } from "../../../../stores/chat-ui.store";
import { useSessionStore } from "../../../../stores/session.store";
import { useContactsQuery } from "../../../contacts";
import { chatOf } from "../../messages.realtime";
import { useFollowedThreadsQuery } from "../../thread-panel.queries";
import { useUnreadThreadsQuery } from "../../threads.queries";
import styles from "./threads-view.module.css";

/**
 * The threads I follow (extensions.md §6, issue 44): those with unread replies first, then
 * the rest, latest activity first; each opens its chat with the thread beside it. Shown in
 * place of the chats.
 */
export function ThreadsView() {
  const { t, i18n } = useTranslation("messages");
  const { t: tt } = useTranslation("threads");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const me = useSessionStore((s) => s.user?.user_id ?? 0);
  const now = useNow(60_000);
  const contacts = useContactsQuery();
  const unread = useUnreadThreadsQuery();
  const followed = useFollowedThreadsQuery();
  const names = useMemo(
    () =>
      new Map((contacts.data ?? []).map((c) => [String(c.id), c.displayName])),
    [contacts.data],
  );

  const unreadIds = new Set(
    (unread.data?.threads ?? [])
      .filter((entry) => entry.unread > 0)
      .map((entry) => entry.root.id),
  );
  const rows: FollowedThread[] = [
    ...(unread.data?.threads ?? []).filter((entry) => entry.unread > 0),
    ...(followed.data?.pages ?? [])
      .flatMap((page) => page.threads)
      .filter((entry) => !unreadIds.has(entry.root.id)),
  ];

  const open = (entry: FollowedThread) => {
    const chat = chatOf(entry.root, me);
    if (chat === null) return;
    const ui = useChatUiStore.getState();
    ui.jumpTo(chat, entry.root.msg_id);
    ui.openThread(chat, entry.root.id);
  };

  const loading = !followed.data && !followed.isError;
  return (
    <section className={styles.tvView} aria-labelledby="threads-view-title">
      <header className={styles.tvHeader}>
        <h2 id="threads-view-title">{tt("viewTitle")}</h2>
      </header>
      <div className={styles.tvList}>
        {loading ? (
          <div className={styles.tvState} role="status">
            <Spinner />
          </div>
        ) : followed.isError && rows.length === 0 ? (
          <div className={styles.tvState} role="alert">
            <p>{tt("loadFailed")}</p>
            <Button onClick={() => void followed.refetch()}>
              {tt("retry")}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div className={styles.tvState}>
            <CommentOutlined className={styles.tvEmptyIcon} />
            <p className={styles.tvEmptyTitle}>{tt("emptyTitle")}</p>
            <p>{tt("emptyHelp")}</p>
          </div>
        ) : (
          <ul className={styles.tvRows}>
            {rows.map((entry) => {
              const chat = chatOf(entry.root, me);
              const name = chat === null ? "" : (names.get(String(chat)) ?? "");
              const text =
                entry.root.type === "event"
                  ? t("quote.withdrawn")
                  : htmlToText(entry.root.content);
              return (
                <li key={entry.root.id}>
                  <button
                    type="button"
                    className={styles.tvRow}
                    data-testid="thread-row"
                    data-unread={entry.unread > 0 ? "" : undefined}
                    onClick={() => open(entry)}
                  >
                    <Avatar src={entry.root.fromUser.avatar || undefined}>
                      {entry.root.fromUser.displayName.slice(0, 1)}
                    </Avatar>
                    <span className={styles.tvRowBody}>
                      <span className={styles.tvRowChat}>{name}</span>
                      <span className={styles.tvRowText}>
                        <strong>{entry.root.fromUser.displayName}</strong>
                        {`: ${text}`}
                      </span>
                      <span className={styles.tvRowMeta}>
                        {t("threads.replies", { count: entry.count })}
                        {" · "}
                        {formatChatTime(entry.lastTime, now, locale, {
                          yesterday: t("common:time.yesterday"),
                        })}
                      </span>
                    </span>
                    {entry.unread > 0 && (
                      <CountBadge
                        count={entry.unread}
                        title={tt("unread", { count: entry.unread })}
                      />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {followed.hasNextPage && (
          <div className={styles.tvMore}>
            <Button
              loading={followed.isFetchingNextPage}
              onClick={() => void followed.fetchNextPage()}
            >
              {tt("more")}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
