import { clsx } from "clsx";
import { SearchOutlined } from "@ant-design/icons";
import type { ContactId, Message } from "@parley/protocol";
import { Button, Drawer, Empty, Input, Pagination, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { toast } from "../../../lib/feedback";
import {
  clampPage,
  FIRST_FILTER,
  HISTORY_PAGE_SIZE,
  HISTORY_TYPES,
  type HistoryFilter,
  KEYWORDS_MAX,
  showsPager,
  withKeywords,
  withPage,
  withType,
} from "../history-filter";
import { useHistoryQuery } from "../history.queries";
import { localeOf } from "../history-time";
import { HistoryResults } from "./HistoryResults";
import styles from "./HistoryPanel.module.css";

/** Below this window width the panel takes the whole width (the phone layout). */
const NARROW_PX = 600;
/** The panel's width beside the chat on a wider screen. */
const PANEL_PX = 480;

export interface HistoryPanelProps {
  /** The chat searched: a user id, or `group-N`; null when no chat is open. */
  contactId: ContactId | null;
  open: boolean;
  onClose: () => void;
  /** A message was picked: the chat brings it into view. */
  onJump?: (message: Message) => void;
}

/**
 * SPEC §2 "Chat history search panel": a chat's messages, newest first, by type and by
 * words, a page of 20 at a time, in a drawer at the chat's right.
 */
export function HistoryPanel({
  contactId,
  open,
  onClose,
  onJump,
}: HistoryPanelProps) {
  const { t } = useTranslation("history");
  const width = useWindowWidth();
  const narrow = width < NARROW_PX;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("title")}
      placement="right"
      size={narrow ? "100%" : Math.min(PANEL_PX, width)}
      closable={{ "aria-label": t("close") }}
      styles={{
        body: { padding: 0, display: "flex", flexDirection: "column" },
      }}
    >
      {contactId === null ? (
        <Empty
          className={styles.hState}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("noChat")}
        />
      ) : (
        // Another chat starts from the first page of everything.
        <HistorySearch
          key={String(contactId)}
          contactId={contactId}
          open={open}
          narrow={narrow}
          onJump={
            onJump &&
            ((message) => {
              onJump(message);
              // On a phone the panel covers the chat: step aside so the message shows.
              if (narrow) onClose();
            })
          }
        />
      )}
    </Drawer>
  );
}

function HistorySearch({
  contactId,
  open,
  narrow,
  onJump,
}: {
  contactId: ContactId;
  open: boolean;
  narrow: boolean;
  onJump?: ((message: Message) => void) | undefined;
}) {
  const { t, i18n } = useTranslation("history");
  const locale = localeOf(i18n.language);
  const [filter, setFilter] = useState<HistoryFilter>(FIRST_FILTER);
  const [typed, setTyped] = useState("");
  const history = useHistoryQuery(contactId, filter, open);
  const total = history.data?.total;

  // Messages went away since: a page past the end shows the last one instead. Adjusted
  // while rendering, as React advises for state derived from data.
  if (total !== undefined && !history.isPlaceholderData) {
    const clamped = clampPage(filter, total);
    if (clamped !== filter) setFilter(clamped);
  }

  const search = (value: string) => {
    const next = withKeywords(filter, value);
    // The same search again asks again: the reader expects a fresh answer.
    if (next.keywords === filter.keywords && filter.page === 1)
      void history.refetch();
    else setFilter(next);
  };

  const clearSearch = () => {
    setTyped("");
    setFilter((f) => withKeywords(f, ""));
  };

  const copy = (text: string) => {
    // Absent outside a secure context (a plain-http deploy): say so rather than fail quietly.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      toast("error", t("copyFailed"));
      return;
    }
    clipboard.writeText(text).then(
      () => toast("success", t("copied")),
      () => toast("error", t("copyFailed")),
    );
  };

  const tabs = HISTORY_TYPES.map((type) => ({
    key: type,
    label: t(`tabs.${type}`),
  }));

  return (
    <div className={clsx(styles.hPanel, narrow && styles.hNarrow)}>
      <div className={styles.hTop}>
        <Input.Search
          value={typed}
          maxLength={KEYWORDS_MAX}
          allowClear
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          enterButton={
            <Button
              type="primary"
              icon={<SearchOutlined />}
              aria-label={t("searchButton")}
            />
          }
          onChange={(e) => setTyped(e.target.value)}
          onSearch={search}
        />
        <Tabs
          className={styles.hTabs}
          size="small"
          activeKey={filter.type}
          items={tabs}
          onChange={(key) => {
            const type = HISTORY_TYPES.find((k) => k === key);
            if (type) setFilter((f) => withType(f, type));
          }}
          tabBarExtraContent={
            // On a phone the tabs need the room.
            !narrow && total !== undefined && total > 0 ? (
              <span className={styles.hMuted}>
                {t("total", { count: total })}
              </span>
            ) : undefined
          }
        />
      </div>
      <div className={styles.hScroll}>
        <HistoryResults
          query={history}
          filter={filter}
          locale={locale}
          narrow={narrow}
          onJump={onJump}
          onCopy={copy}
          onClearSearch={clearSearch}
        />
      </div>
      {total !== undefined && showsPager(total) && (
        <div className={styles.hPager}>
          <Pagination
            size="small"
            current={filter.page}
            pageSize={HISTORY_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showLessItems={narrow}
            onChange={(page) => setFilter((f) => withPage(f, page))}
          />
        </div>
      )}
    </div>
  );
}
