import {
  DeleteOutlined,
  EditOutlined,
  NotificationOutlined,
} from "@ant-design/icons";
import {
  CONSOLE_PAGE_SIZES,
  denial,
  LANGUAGE_TAGS,
  type Notice,
} from "@parley/protocol";
import {
  Alert,
  Button,
  Card,
  Empty,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tooltip,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import { NoticeFormDialog } from "../components/notices/NoticeFormDialog";
import styles from "../components/notices/notices.module.css";
import type { ConsolePageSize } from "../console.queries";
import { useDeleteNoticeMutation, useNoticesQuery } from "../notices.queries";

/**
 * /manage/notice (issue 12): the system notices every user finds in their notices entry,
 * newest first. A super administrator publishes, edits and withdraws them; other
 * administrators read them; demo mode shows them and changes nothing.
 */
export function NoticesPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const actor = useActor();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ConsolePageSize>(10);
  const [editing, setEditing] = useState<Notice | null>(null);
  const [writing, setWriting] = useState(false);
  const query = useNoticesQuery(page, limit);
  const remove = useDeleteNoticeMutation();
  const why = denial(actor, "console.publishNotice");
  const locked =
    why === "demo"
      ? t("notices.demo")
      : why !== null
        ? t("notices.superOnly")
        : null;
  const total = query.data?.total ?? 0;

  const openForm = (notice: Notice | null) => {
    setEditing(notice);
    setWriting(true);
  };

  const columns: TableColumnsType<Notice> = [
    {
      key: "notice",
      title: t("notices.notice"),
      render: (_: unknown, notice) => (
        <div>
          <div className={styles.conTitle}>{notice.title}</div>
          <div className={styles.conExcerpt}>{notice.notice}</div>
        </div>
      ),
    },
    {
      key: "by",
      title: t("notices.publisher"),
      dataIndex: "realname",
      width: 160,
    },
    {
      key: "time",
      title: t("notices.time"),
      dataIndex: "sendTime",
      width: 180,
      render: (ms: number) => formatFullTime(ms, locale),
    },
    {
      key: "actions",
      title: t("notices.actions"),
      width: 110,
      render: (_: unknown, notice) => (
        <span className={styles.conActions}>
          <Tooltip title={locked ?? t("notices.edit")}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t("notices.editOne", { title: notice.title })}
              disabled={locked !== null}
              onClick={() => openForm(notice)}
            />
          </Tooltip>
          <Popconfirm
            title={t("notices.withdrawTitle")}
            description={t("notices.withdrawText")}
            okText={t("notices.withdraw")}
            cancelText={t("notices.cancel")}
            okButtonProps={{ danger: true }}
            disabled={locked !== null}
            onConfirm={() => remove.mutate(notice)}
          >
            <Tooltip title={locked ?? t("notices.withdraw")}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("notices.withdrawOne", { title: notice.title })}
                disabled={locked !== null}
              />
            </Tooltip>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <Card
      title={t("notices.title")}
      className={styles.conCard}
      extra={
        <Tooltip title={locked}>
          <Button
            type="primary"
            icon={<NotificationOutlined />}
            disabled={locked !== null}
            onClick={() => openForm(null)}
          >
            {t("notices.new")}
          </Button>
        </Tooltip>
      }
    >
      <p className={styles.conHint}>{t("notices.about")}</p>
      {locked !== null && (
        <Alert
          type="info"
          showIcon
          title={locked}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<Notice>
        rowKey="msg_id"
        size="middle"
        columns={columns}
        dataSource={query.data?.notices ?? []}
        loading={query.isFetching}
        scroll={total === 0 ? undefined : { x: "max-content" }}
        tableLayout="auto"
        locale={{
          emptyText: query.data ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <span className={styles.conEmpty}>
                  <strong>{t("notices.emptyTitle")}</strong>
                  <span>{t("notices.emptyText")}</span>
                </span>
              }
            />
          ) : null,
        }}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
          hideOnSinglePage: total <= 10,
          onChange: (next, size) => {
            setPage(size === limit ? next : 1);
            setLimit(size as ConsolePageSize);
          },
        }}
      />
      <NoticeFormDialog
        open={writing}
        notice={editing}
        onClose={() => setWriting(false)}
      />
    </Card>
  );
}
