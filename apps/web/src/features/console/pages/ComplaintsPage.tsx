import {
  type Complaint,
  type ComplaintStatus,
  type ComplaintType,
  COMPLAINT_TYPES,
  CONSOLE_PAGE_SIZES,
  denial,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import { Button, Segmented, Select, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import { DecideDialog } from "../components/complaints/DecideDialog";
import styles from "../components/complaints/complaints.module.css";
import {
  type ComplaintFilter,
  useComplaintsQuery,
} from "../complaints.queries";
import {
  ConsolePageCard,
  ConsoleTable,
} from "../components/page/ConsoleListPage";
import type { ConsolePageSize } from "../console.queries";

const STATUS_COLOURS = ["gold", "green", "default"] as const;
type StatusChoice = "all" | "0" | "1" | "2";

/**
 * /manage/opinion (SPEC §2 "Complaints and suggestions", issue 12): what users reported —
 * a message, a user or a group, with their reason and words — waiting ones first by
 * default; an administrator handles or dismisses each with a note. Demo mode looks only.
 */
export function ComplaintsPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const writable = denial(useActor(), "console.write") === null;
  const [status, setStatus] = useState<StatusChoice>("0");
  const [type, setType] = useState<ComplaintType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ConsolePageSize>(20);
  const [deciding, setDeciding] = useState<{
    complaint: Complaint;
    status: 1 | 2;
  } | null>(null);
  const filter: ComplaintFilter = {
    status: status === "all" ? undefined : (Number(status) as ComplaintStatus),
    type,
  };
  const query = useComplaintsQuery(filter, page, limit);
  const total = query.data?.total ?? 0;

  const target = (c: Complaint) => {
    if (c.type === "suggestion") return null;
    if (c.type === "message")
      return (
        <div className={styles.conTarget}>
          <div className={styles.conMuted}>
            {t(
              c.target.group ? "complaints.messageIn" : "complaints.messageTo",
              {
                sender: c.target.name || t("complaints.unknown"),
                chat: c.target.chat || t("complaints.unknown"),
              },
            )}
          </div>
          <div>
            {c.target.text ||
              (c.target.kind
                ? t("complaints.kind", { kind: c.target.kind })
                : "")}
          </div>
        </div>
      );
    return (
      <div className={styles.conTarget}>
        <span className={styles.conName}>
          {c.target.name || t("complaints.unknown")}
        </span>
      </div>
    );
  };

  const columns: TableColumnsType<Complaint> = [
    {
      key: "target",
      title: t("complaints.reported"),
      render: (_: unknown, c) => (
        <div>
          <Tag>{t(`complaints.types.${c.type}`)}</Tag>
          {!c.target.exists && <Tag color="red">{t("complaints.gone")}</Tag>}
          {target(c)}
        </div>
      ),
    },
    {
      key: "reason",
      title: t("complaints.reason"),
      render: (_: unknown, c) => (
        <div>
          {c.type !== "suggestion" && (
            <Tag color="volcano">{t(`complaints.reasons.${c.reason}`)}</Tag>
          )}
          {c.content !== "" && (
            <div className={styles.conWords}>{c.content}</div>
          )}
        </div>
      ),
    },
    {
      key: "reporter",
      title: t("complaints.reporter"),
      render: (_: unknown, c) => (
        <div>
          <div>{c.reporter.realname}</div>
          <div className={styles.conMuted}>
            {formatFullTime(c.created_at, locale)}
          </div>
        </div>
      ),
    },
    {
      key: "status",
      title: t("complaints.state"),
      render: (_: unknown, c) => (
        <div>
          <Tag color={STATUS_COLOURS[c.status]}>
            {t(`complaints.statuses.${String(c.status)}`)}
          </Tag>
          {c.handled_by !== null && c.handled_at !== null && (
            <div className={styles.conMuted}>
              {t("complaints.decidedBy", {
                name: c.handled_by,
                time: formatFullTime(c.handled_at, locale),
              })}
            </div>
          )}
          {c.remark !== "" && <div className={styles.conWords}>{c.remark}</div>}
        </div>
      ),
    },
    {
      key: "actions",
      title: t("complaints.actions"),
      render: (_: unknown, c) => (
        <span className={styles.conActions}>
          <Button
            size="small"
            type={c.status === 0 ? "primary" : "default"}
            disabled={!writable || c.status === 1}
            onClick={() => setDeciding({ complaint: c, status: 1 })}
          >
            {t("complaints.handle")}
          </Button>
          <Button
            size="small"
            disabled={!writable || c.status === 2}
            onClick={() => setDeciding({ complaint: c, status: 2 })}
          >
            {t("complaints.dismiss")}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <ConsolePageCard
      title={t("complaints.title")}
      about={t("complaints.about")}
      readOnlyNote={writable ? null : t("complaints.demo")}
    >
      <div className={styles.conFilters}>
        <Segmented<StatusChoice>
          value={status}
          options={[
            { value: "0", label: t("complaints.statuses.0") },
            { value: "1", label: t("complaints.statuses.1") },
            { value: "2", label: t("complaints.statuses.2") },
            { value: "all", label: t("complaints.all") },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <Select<ComplaintType | undefined>
          className={styles.conType}
          aria-label={t("complaints.typeFilter")}
          placeholder={t("complaints.allTypes")}
          allowClear
          value={type}
          options={COMPLAINT_TYPES.map((value) => ({
            value,
            label: t(`complaints.types.${value}`),
          }))}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
        />
      </div>
      <ConsoleTable<Complaint>
        rowKey="id"
        columns={columns}
        list={{
          rows: query.data?.complaints,
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
        emptyTitle={
          status === "0" ? t("complaints.noneWaiting") : t("complaints.none")
        }
        emptyText={t("complaints.emptyText")}
      />
      <DecideDialog
        key={deciding ? `${deciding.complaint.id}:${deciding.status}` : "none"}
        decision={deciding}
        onClose={() => setDeciding(null)}
      />
    </ConsolePageCard>
  );
}
