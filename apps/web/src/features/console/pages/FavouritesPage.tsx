import { DeleteOutlined } from "@ant-design/icons";
import {
  CONSOLE_PAGE_SIZES,
  type ConsoleFavourite,
  denial,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import {
  Avatar,
  Button,
  Popconfirm,
  Select,
  type TableColumnsType,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import { useUserSearchQuery } from "../chats.queries";
import styles from "../components/favourites/favourites.module.css";
import { MessageBodyView } from "../components/messages/MessageRow";
import { messageBody } from "../components/messages/message-body";
import {
  ConsolePageCard,
  ConsoleTable,
} from "../components/page/ConsoleListPage";
import type { ConsolePageSize } from "../console.queries";
import {
  useConsoleFavouritesQuery,
  useRemoveFavouriteMutation,
} from "../favourites.queries";

/**
 * /manage/collect (SPEC §2, issue 12): every user's favourites, newest first, or one
 * user's; an administrator removes one that should not be kept (the message itself stays).
 * Demo mode looks only.
 */
export function FavouritesPage() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation("consoleChats");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const writable = denial(useActor(), "console.write") === null;
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const [words, setWords] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ConsolePageSize>(20);
  const query = useConsoleFavouritesQuery(userId, page, limit);
  const users = useUserSearchQuery(words.trim());
  const remove = useRemoveFavouriteMutation();
  const total = query.data?.total ?? 0;

  const columns: TableColumnsType<ConsoleFavourite> = [
    {
      key: "user",
      title: t("favourites.savedBy"),
      render: (_: unknown, fav) => (
        <span className={styles.conWho}>
          <Avatar src={fav.user.avatar || undefined} size={32}>
            {fav.user.realname.slice(0, 1)}
          </Avatar>
          <span className={styles.conWhoText}>
            <span>{fav.user.realname}</span>
            <span className={styles.conMuted}>{fav.user.account}</span>
          </span>
        </span>
      ),
    },
    {
      key: "message",
      title: t("favourites.message"),
      render: (_: unknown, fav) => (
        <div className={styles.conMessage}>
          <div className={styles.conMuted}>
            {t("favourites.from", {
              sender:
                fav.message.fromUser.displayName ||
                fav.message.fromUser.realname,
              receiver: fav.message.toName,
            })}
          </div>
          <MessageBodyView
            body={messageBody(fav.message, (key, options) => tc(key, options))}
          />
        </div>
      ),
    },
    {
      key: "saved",
      title: t("favourites.savedAt"),
      dataIndex: "saved_at",
      width: 180,
      render: (ms: number) => formatFullTime(ms, locale),
    },
    {
      key: "actions",
      title: t("favourites.actions"),
      width: 90,
      render: (_: unknown, fav) => (
        <Popconfirm
          title={t("favourites.removeTitle")}
          description={t("favourites.removeText")}
          okText={t("favourites.remove")}
          cancelText={t("favourites.cancel")}
          okButtonProps={{ danger: true }}
          disabled={!writable}
          onConfirm={() => remove.mutate(fav)}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!writable}
            aria-label={t("favourites.removeOf", { name: fav.user.realname })}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <ConsolePageCard
      title={t("favourites.title")}
      about={t("favourites.about")}
      readOnlyNote={writable ? null : t("favourites.demo")}
    >
      <div className={styles.conToolbar}>
        <Select
          className={styles.conPicker}
          showSearch={{
            filterOption: false,
            onSearch: setWords,
          }}
          allowClear
          placeholder={t("favourites.pickUser")}
          aria-label={t("favourites.pickUser")}
          value={userId}
          notFoundContent={words.trim() === "" ? null : undefined}
          options={(users.data ?? []).map((u) => ({
            value: u.user_id,
            label: `${u.realname} (${u.account})`,
          }))}
          onChange={(value: number | undefined) => {
            setUserId(value);
            setPage(1);
          }}
        />
      </div>
      <ConsoleTable<ConsoleFavourite>
        rowKey="id"
        columns={columns}
        list={{
          rows: query.data?.favourites,
          total,
          page,
          limit,
          sizes: CONSOLE_PAGE_SIZES,
          loading: query.isFetching,
          onPage: (next, size) => {
            setPage(next);
            setLimit(size as ConsolePageSize);
          },
        }}
        emptyTitle={t("favourites.emptyTitle")}
        emptyText={
          userId === undefined
            ? t("favourites.emptyText")
            : t("favourites.emptyOfUser")
        }
      />
    </ConsolePageCard>
  );
}
