import { clsx } from "clsx";
import { StarOutlined } from "@ant-design/icons";
import { type Favourite, isLanguage, LANGUAGE_TAGS } from "@parley/protocol";
import { Button, Empty, Pagination, Result, Spin } from "antd";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { showStoredMessage } from "../../../stores/chat-ui.store";
import {
  clampPage,
  FAVOURITE_PAGE_SIZE,
  showsPager,
} from "../favourites-paging";
import {
  useFavouritesQuery,
  useRemoveFavouriteMutation,
} from "../favourites.queries";
import { FavouriteCard } from "./FavouriteCard";
import styles from "./FavouritesPanel.module.css";

/** Below this window width the cards take the whole width (the phone layout). */
const NARROW_PX = 600;

/**
 * My favourites: the messages I saved, newest first, a page of 20 at a time, each with
 * the way back to its chat and a remove. Shown in place of the chats.
 */
export function FavouritesPanel() {
  const { t, i18n } = useTranslation("favourites");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const titleId = useId();
  const narrow = useWindowWidth() < NARROW_PX;
  const [page, setPage] = useState(1);
  const list = useFavouritesQuery(page);
  const remove = useRemoveFavouriteMutation();
  const total = list.data?.total;

  // Favourites went away (removed here or elsewhere): a page past the end shows the last.
  if (total !== undefined && !list.isPlaceholderData) {
    const clamped = clampPage(page, total);
    if (clamped !== page) setPage(clamped);
  }

  // The chat, at the message (a reply in a thread: its thread, at the reply).
  const openChat = (favourite: Favourite) =>
    showStoredMessage(favourite.message.toContactId, favourite.message);

  let content: ReactNode;
  if (!list.data) {
    content = list.isError ? (
      <Result
        className={styles.fState}
        status="warning"
        title={t("loadFailed")}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t("retry")}
          </Button>
        }
      />
    ) : (
      <div className={styles.fState}>
        <Spin />
        <span className={styles.fMuted}>{t("loading")}</span>
      </div>
    );
  } else if (list.data.favourites.length === 0) {
    content = (
      <Empty
        className={styles.fState}
        image={<StarOutlined className={styles.fEmptyIcon} />}
        description={
          <span className={styles.fEmptyText}>
            <strong>{t("emptyTitle")}</strong>
            <span>{t("emptyText")}</span>
          </span>
        }
      />
    );
  } else {
    content = (
      <ul
        className={styles.fList}
        aria-label={t("list")}
        aria-busy={list.isFetching}
        data-stale={list.isPlaceholderData || undefined}
      >
        {list.data.favourites.map((favourite) => (
          <FavouriteCard
            key={favourite.id}
            favourite={favourite}
            locale={locale}
            onOpenChat={() => openChat(favourite)}
            onRemove={() => remove.mutate(favourite.id)}
            removing={remove.isPending && remove.variables === favourite.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <section
      className={clsx(styles.fPanel, narrow && styles.fNarrow)}
      aria-labelledby={titleId}
    >
      <header className={styles.fHeader}>
        <h2 id={titleId} className={styles.fTitle}>
          {t("title")}
        </h2>
        {total !== undefined && total > 0 && (
          <span className={styles.fCount}>{t("total", { count: total })}</span>
        )}
      </header>
      <div className={styles.fScroll}>{content}</div>
      {total !== undefined && showsPager(total) && (
        <div className={styles.fPager}>
          <Pagination
            size="small"
            current={page}
            pageSize={FAVOURITE_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showLessItems={narrow}
            onChange={setPage}
          />
        </div>
      )}
    </section>
  );
}
