import { ArrowLeftOutlined, NotificationOutlined } from "@ant-design/icons";
import {
  type Contact,
  isLanguage,
  LANGUAGE_TAGS,
  type Message,
  NOTICE_CONTACT_ID,
} from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Empty, Segmented, Spin } from "antd";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../lib/time";
import { ArticlesList } from "../../articles";
import { updateContact } from "../../contacts";
import { useMessagesQuery } from "../messages.queries";
import styles from "./NoticesPane.module.css";

/** A notice's title and text, from its `extends` (wire-contract.md §2.9: `{title, notice}`). */
function noticeOf(message: Message): { title: string; text: string } {
  const ext = message.extends;
  return {
    title: typeof ext.title === "string" ? ext.title : "",
    text: typeof ext.notice === "string" ? ext.notice : "",
  };
}

/**
 * The system notices entry (issue 12): what administrators published to everyone, newest
 * first, as cards of plain text; nobody writes here. Opening it reads every notice. Its
 * second tab lists the published articles.
 */
export interface NoticesPaneProps {
  contact: Contact;
  onBack?: (() => void) | undefined;
}

export function NoticesPane({ contact, onBack }: NoticesPaneProps) {
  const { t, i18n } = useTranslation("contacts");
  const { t: ta } = useTranslation("articles");
  const [chosen, setTab] = useState<"notices" | "articles" | null>(null);
  const client = useQueryClient();
  const query = useMessagesQuery(NOTICE_CONTACT_ID);
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  // The first page's read marked them all read on the server; the list says so at once.
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (loaded)
      updateContact(client, NOTICE_CONTACT_ID, (c) => ({ ...c, unread: 0 }));
  }, [loaded, client]);
  // Newest first: pages[0] is the newest page, each page oldest first.
  const notices = (query.data?.pages ?? []).flatMap((page) =>
    [...page].reverse(),
  );
  // Until the reader picks a tab: the notices, or the articles when there is no notice.
  const tab =
    chosen ?? (loaded && notices.length === 0 ? "articles" : "notices");

  let body;
  if (query.isLoading) body = <Spin className={styles.loading} />;
  else if (notices.length === 0)
    body = (
      <Empty
        className={styles.empty}
        image={<NotificationOutlined className={styles.emptyIcon} />}
        description={t("notices.empty")}
      />
    );
  else
    body = (
      <ol className={styles.noticeList} aria-label={contact.displayName}>
        {notices.map((message) => {
          const { title, text } = noticeOf(message);
          return (
            <li
              key={message.id}
              className={styles.noticeCard}
              data-testid="notice"
            >
              <h3 className={styles.cardTitle}>{title}</h3>
              <p className={styles.cardText}>{text}</p>
              <p className={styles.cardMeta}>
                {t("notices.by", {
                  name: message.fromUser.displayName,
                  time: formatFullTime(message.sendTime, locale),
                })}
              </p>
            </li>
          );
        })}
        {query.hasNextPage && (
          <li className={styles.more}>
            <Button
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t("notices.older")}
            </Button>
          </li>
        )}
      </ol>
    );

  return (
    <section className={styles.noticesPane} aria-label={contact.displayName}>
      <header className={styles.title}>
        {onBack && (
          <Button
            type="text"
            size="large"
            icon={<ArrowLeftOutlined />}
            aria-label={t("notices.back")}
            onClick={onBack}
          />
        )}
        <span className={styles.titleName}>{contact.displayName}</span>
        <Segmented<"notices" | "articles">
          className={styles.tabs}
          value={tab}
          onChange={setTab}
          options={[
            { value: "notices", label: ta("tabs.notices") },
            { value: "articles", label: ta("tabs.articles") },
          ]}
        />
      </header>
      <div className={styles.noticeBody}>
        {tab === "notices" ? (
          body
        ) : (
          <Suspense fallback={<Spin className={styles.loading} />}>
            <ArticlesList />
          </Suspense>
        )}
      </div>
    </section>
  );
}
