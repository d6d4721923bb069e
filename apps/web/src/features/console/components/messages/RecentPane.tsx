import { Button, Empty, Segmented } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RecentFilter, useRecentMessagesQuery } from "../../chats.queries";
import { MessageList } from "./MessageList";
import styles from "./messages.module.css";
import { TypeFilter } from "./TypeFilter";

interface Props {
  locale: string;
  writable: boolean;
}

/** Which chats the newest messages come from: all, one-to-one, groups (`is_group`). */
const SCOPES = [
  { value: -1, key: "centre.recent.all" },
  { value: 1, key: "centre.recent.single" },
  { value: 2, key: "centre.recent.group" },
] as const;

/**
 * The newest messages of the whole system, by kind of chat and type, older ones on
 * request (the server pages them by the last row's id). Words are searched within one
 * conversation, so there is no search here.
 */
export function RecentPane({ locale, writable }: Props) {
  const { t } = useTranslation("consoleChats");
  const [filter, setFilter] = useState<RecentFilter>({
    is_group: -1,
    type: "all",
  });
  const recent = useRecentMessagesQuery(filter);
  const rows = recent.data?.pages.flat();

  return (
    <div className={styles.mcPaneBody}>
      <div className={styles.mcFilters}>
        <Segmented<RecentFilter["is_group"]>
          value={filter.is_group}
          onChange={(is_group) => setFilter((f) => ({ ...f, is_group }))}
          options={SCOPES.map((scope) => ({
            value: scope.value,
            label: t(scope.key),
          }))}
          aria-label={t("centre.recent.scope")}
        />
        <TypeFilter
          value={filter.type}
          onChange={(type) => setFilter((f) => ({ ...f, type }))}
        />
      </div>
      <p className={styles.mcHint}>{t("centre.recent.hint")}</p>
      <MessageList
        label={t("centre.recent.list")}
        messages={rows}
        refreshing={recent.isFetching && !recent.isFetchingNextPage}
        locale={locale}
        writable={writable}
        empty={
          <Empty
            className={styles.mcState}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t("centre.recent.none")}
          />
        }
      />
      {rows !== undefined && rows.length > 0 && (
        <div className={styles.mcMore}>
          {recent.hasNextPage ? (
            <Button
              loading={recent.isFetchingNextPage}
              onClick={() => void recent.fetchNextPage()}
            >
              {t("centre.recent.loadOlder")}
            </Button>
          ) : (
            <span className={styles.mcTime}>{t("centre.recent.end")}</span>
          )}
        </div>
      )}
    </div>
  );
}
