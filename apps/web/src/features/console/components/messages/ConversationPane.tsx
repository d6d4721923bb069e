import { ArrowLeftOutlined, SearchOutlined } from "@ant-design/icons";
import type { ChatParty } from "@parley/protocol";
import { Button, Empty, Input, Pagination } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_PAGE_SIZE, useConversationQuery } from "../../chats.queries";
import { SEARCH_DEBOUNCE_MS } from "../groups/use-debounced";
import { MessageList } from "./MessageList";
import styles from "./messages.module.css";
import { type ConsoleMessageType, TypeFilter } from "./TypeFilter";

interface Props {
  user: ChatParty;
  chat: ChatParty;
  locale: string;
  writable: boolean;
}

/** What the conversation is narrowed to, and which page of it shows. */
interface View {
  type: ConsoleMessageType;
  keywords: string;
  page: number;
}

const FIRST: View = { type: "all", keywords: "", page: 1 };

/** Other words start again at page 1; the same words keep the view as it is. */
const withKeywords = (view: View, keywords: string): View =>
  view.keywords === keywords ? view : { ...view, keywords, page: 1 };

/**
 * One conversation between the chosen user and one of their chats, newest first: by type
 * and words, as the chat's history panel searches, by page.
 */
export function ConversationPane({ user, chat, locale, writable }: Props) {
  const { t } = useTranslation("consoleChats");
  const [view, setView] = useState<View>(FIRST);
  const [search, setSearch] = useState("");

  // The search follows the typing after a pause; Enter searches at once.
  useEffect(() => {
    const timer = window.setTimeout(
      () => setView((v) => withKeywords(v, search.trim())),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search]);

  const messages = useConversationQuery({
    user_id: user.user_id,
    toContactId: chat.id,
    is_group: -1,
    type: view.type,
    keywords: view.keywords,
    page: view.page,
    limit: CHAT_PAGE_SIZE,
  });
  const narrowed = view.type !== "all" || view.keywords !== "";

  return (
    <div className={styles.mcPaneBody}>
      <div className={styles.mcFilters}>
        <TypeFilter
          value={view.type}
          onChange={(type) => setView((v) => ({ ...v, type, page: 1 }))}
        />
        <Input
          className={styles.mcKeywords}
          allowClear
          prefix={<SearchOutlined />}
          value={search}
          placeholder={t("centre.conversation.placeholder")}
          aria-label={t("centre.conversation.search")}
          onChange={(event) => setSearch(event.target.value)}
          onPressEnter={() => setView((v) => withKeywords(v, search.trim()))}
        />
      </div>
      <MessageList
        label={t("centre.conversation.list")}
        messages={messages.data?.rows}
        refreshing={messages.isFetching}
        locale={locale}
        writable={writable}
        empty={
          <Empty
            className={styles.mcState}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(
              narrowed
                ? "centre.conversation.noMatch"
                : "centre.conversation.none",
            )}
          >
            {narrowed && (
              <Button
                onClick={() => {
                  setSearch("");
                  setView(FIRST);
                }}
              >
                {t("centre.conversation.clear")}
              </Button>
            )}
          </Empty>
        }
      />
      <Pagination
        size="small"
        current={view.page}
        pageSize={CHAT_PAGE_SIZE}
        total={messages.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        showTotal={(total) => t("centre.conversation.total", { total })}
        onChange={(page) => setView((v) => ({ ...v, page }))}
        style={{ marginTop: 12, textAlign: "end" }}
      />
    </div>
  );
}

/** The way back from a conversation to the newest messages of every chat. */
export function BackToRecent({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("consoleChats");
  return (
    <Button
      size="small"
      type="text"
      icon={<ArrowLeftOutlined />}
      onClick={onBack}
    >
      {t("centre.conversation.back")}
    </Button>
  );
}
