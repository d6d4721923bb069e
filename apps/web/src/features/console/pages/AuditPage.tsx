import { DownloadOutlined } from "@ant-design/icons";
import {
  type AuditEntry,
  CONSOLE_PAGE_SIZES,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import { Button, Card, Empty, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { AuditChanges } from "../components/audit/AuditChanges";
import { AuditFilters } from "../components/audit/AuditFilters";
import styles from "../components/audit/audit.module.css";
import { downloadText } from "../components/audit/audit-download";
import {
  type AuditFilter,
  type ConsolePageSize,
  useAuditExportMutation,
  useAuditQuery,
} from "../console.queries";

/** The server counts matches up to this many; a count of exactly this reads "10,000+". */
const AUDIT_COUNT_CAP = 10_000;

const hasFilter = (filter: AuditFilter) =>
  Object.values(filter).some((value) => value !== undefined);

/**
 * /manage/audit: every change made through the console, newest first, filtered and paged
 * by the server; a row opens on its fields before and after; the filtered log exports as
 * CSV.
 */
export function AuditPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const number = new Intl.NumberFormat(locale);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ConsolePageSize>(20);
  const query = useAuditQuery(filter, page, limit);
  const exporting = useAuditExportMutation();
  const total = query.data?.total ?? 0;

  const search = (next: AuditFilter) => {
    setFilter(next);
    setPage(1);
  };

  const exportCsv = () =>
    exporting.mutate(filter, {
      onSuccess: ({ filename, csv }) => downloadText(filename, csv),
    });

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: "time",
      title: t("audit.time"),
      dataIndex: "created_at",
      width: 180,
      render: (ms: number) => formatFullTime(ms, locale),
    },
    {
      key: "actor",
      title: t("audit.actor"),
      render: (_: unknown, entry) => (
        <span className={styles.conWho}>
          <span className={styles.conName}>{entry.actor_name}</span>
          <span className={styles.conMuted}>
            {t("audit.id", { id: entry.actor_id })}
          </span>
        </span>
      ),
    },
    {
      key: "action",
      title: t("audit.action"),
      dataIndex: "action",
      render: (action: AuditEntry["action"]) => (
        <Tag className={styles.conTag}>{t(`audit.actions.${action}`)}</Tag>
      ),
    },
    {
      key: "target",
      title: t("audit.target"),
      render: (_: unknown, entry) => (
        <span className={styles.conWho}>
          <span>
            {t(`audit.targets.${entry.target_type}`, {
              defaultValue: entry.target_type,
            })}
          </span>
          {entry.target_id !== "" && (
            <span className={styles.conMuted}>{entry.target_id}</span>
          )}
        </span>
      ),
    },
    { key: "ip", title: t("audit.ip"), dataIndex: "ip", width: 140 },
  ];

  const filtered = hasFilter(filter);

  return (
    <Card
      title={t("audit.title")}
      className={styles.conCard}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          disabled={total === 0}
          onClick={exportCsv}
        >
          {t("audit.export")}
        </Button>
      }
    >
      <p className={styles.conHint}>{t("audit.about")}</p>
      <AuditFilters onSearch={search} />
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.entries ?? []}
        loading={query.isFetching}
        // Rows wider than the page scroll sideways; an empty table just fills it.
        scroll={total === 0 ? undefined : { x: "max-content" }}
        className={styles.conTable}
        // Columns as wide as their content (a fixed column would make them all equal).
        tableLayout="auto"
        expandable={{
          // A fixed expand column keeps an opened row's details as wide as the screen
          // while the columns scroll sideways on a phone.
          fixed: "left",
          expandedRowRender: (entry) => <AuditChanges entry={entry} />,
          rowExpandable: (entry) =>
            entry.before !== null || entry.after !== null,
        }}
        locale={{
          emptyText: query.data ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <span className={styles.conEmpty}>
                  <strong>
                    {filtered ? t("audit.noMatch") : t("audit.emptyTitle")}
                  </strong>
                  <span>
                    {filtered ? t("audit.noMatchText") : t("audit.emptyText")}
                  </span>
                </span>
              }
            />
          ) : (
            <span />
          ),
        }}
        pagination={
          total === 0
            ? false
            : {
                current: page,
                pageSize: limit,
                total,
                showSizeChanger: true,
                pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
                showTotal: (count) =>
                  t("audit.total", {
                    total:
                      count >= AUDIT_COUNT_CAP
                        ? `${number.format(AUDIT_COUNT_CAP)}+`
                        : number.format(count),
                  }),
                onChange: (next, size) => {
                  // The size changer offers CONSOLE_PAGE_SIZES only.
                  const sized = size as ConsolePageSize;
                  setPage(sized === limit ? next : 1);
                  setLimit(sized);
                },
              }
        }
      />
    </Card>
  );
}
