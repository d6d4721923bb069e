import { clsx } from "clsx";
import type { Message } from "@parley/protocol";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Empty, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import type { HistoryFilter } from "../history-filter";
import type { HistoryPage } from "../history.queries";
import { FileTable } from "./FileTable";
import { HistoryEntry } from "./HistoryEntry";
import styles from "./HistoryPanel.module.css";
import { ImageGrid } from "./ImageGrid";

interface Props {
  query: UseQueryResult<HistoryPage>;
  filter: HistoryFilter;
  locale: string;
  narrow: boolean;
  onJump?: ((message: Message) => void) | undefined;
  onCopy: (text: string) => void;
  onClearSearch: () => void;
}

/**
 * What one page of the history shows, by tab: pictures as a grid, files as a table,
 * everything else as a list; or why there is nothing to show.
 */
export function HistoryResults({
  query,
  filter,
  locale,
  narrow,
  onJump,
  onCopy,
  onClearSearch,
}: Props) {
  const { t } = useTranslation("history");

  const data = query.data;
  // Another tab's page, or an empty one, says nothing yet about what this tab will show.
  const waiting =
    !data ||
    (query.isPlaceholderData &&
      (data.type !== filter.type || data.messages.length === 0));
  if (waiting) {
    return query.isError ? (
      <Result
        className={styles.hState}
        status="warning"
        title={t("loadFailed")}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        }
      />
    ) : (
      <div className={styles.hState}>
        <Spin />
        <span className={styles.hMuted}>{t("loading")}</span>
      </div>
    );
  }

  const { messages } = data;
  if (messages.length === 0) {
    return filter.keywords !== "" ? (
      <Empty
        className={styles.hState}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span className={styles.hEmptyText}>
            <strong>{t("noMatch", { keywords: filter.keywords })}</strong>
            <span>{t("noMatchHint")}</span>
          </span>
        }
      >
        <Button onClick={onClearSearch}>{t("clearSearch")}</Button>
      </Empty>
    ) : (
      <Empty
        className={styles.hState}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span className={styles.hEmptyText}>
            <strong>{t(`empty.${filter.type}`)}</strong>
            <span>{t("emptyHint")}</span>
          </span>
        }
      />
    );
  }

  // A new page on its way: the old one stays, dimmed, so nothing jumps.
  const stale = query.isPlaceholderData || undefined;
  switch (filter.type) {
    case "image":
      return (
        <div data-stale={stale} className={styles.hResults}>
          <ImageGrid messages={messages} locale={locale} />
        </div>
      );
    case "file":
      return (
        <div data-stale={stale} className={styles.hResults}>
          <FileTable messages={messages} locale={locale} narrow={narrow} />
        </div>
      );
    case "all":
    case "text":
    case "video":
      return (
        <ul
          className={clsx(styles.hList, styles.hResults)}
          aria-label={t("results")}
          aria-busy={query.isFetching}
          data-stale={stale}
        >
          {messages.map((message) => (
            <HistoryEntry
              key={message.msg_id}
              message={message}
              keywords={filter.keywords}
              locale={locale}
              onJump={onJump}
              onCopy={onCopy}
            />
          ))}
        </ul>
      );
  }
}
