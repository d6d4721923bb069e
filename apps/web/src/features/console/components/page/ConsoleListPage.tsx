import { Alert, Card, Empty, Table, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import styles from "./page.module.css";

/**
 * A console list page's frame: its title, what it is for, the demo-mode note when nothing
 * can be changed, and its own filters and dialogs as children around the table.
 */
export function ConsolePageCard({
  title,
  about,
  readOnlyNote,
  children,
}: {
  title: string;
  about: string;
  /** Shown when the page only looks (demo mode); null when changes are allowed. */
  readOnlyNote: string | null;
  children: ReactNode;
}) {
  return (
    <Card title={title} className={styles.conCard}>
      <p className={styles.conHint}>{about}</p>
      {readOnlyNote !== null && (
        <Alert
          type="info"
          showIcon
          title={readOnlyNote}
          className={styles.conDemo}
        />
      )}
      {children}
    </Card>
  );
}

/** A page of a server-paged list: what the table shows and how to ask for another page. */
export interface ServerPage<T> {
  /** undefined until the first answer. */
  rows: readonly T[] | undefined;
  total: number;
  page: number;
  limit: number;
  sizes: readonly number[];
  loading: boolean;
  /** A new page or size: a new size starts again at page 1. */
  onPage: (page: number, limit: number) => void;
  /** The pager's count line, when the page wants one. */
  showTotal?: (total: number) => string;
}

/**
 * A console table over a server-paged list: scrolls sideways when wide, an empty state
 * that says why and what to do, and a pager only when there is something to page.
 */
export function ConsoleTable<T extends object>({
  rowKey,
  columns,
  list,
  emptyTitle,
  emptyText,
}: {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  list: ServerPage<T>;
  emptyTitle: string;
  emptyText: string;
}) {
  const { total, page, limit } = list;
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      columns={columns}
      dataSource={list.rows ? [...list.rows] : []}
      loading={list.loading}
      scroll={total === 0 ? undefined : { x: "max-content" }}
      tableLayout="auto"
      locale={{
        emptyText: list.rows ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span className={styles.conEmpty}>
                <strong>{emptyTitle}</strong>
                <span>{emptyText}</span>
              </span>
            }
          />
        ) : null,
      }}
      pagination={
        total === 0
          ? false
          : {
              current: page,
              pageSize: limit,
              total,
              showSizeChanger: true,
              pageSizeOptions: list.sizes.map(String),
              ...(list.showTotal ? { showTotal: list.showTotal } : {}),
              onChange: (next, size) =>
                list.onPage(size === limit ? next : 1, size),
            }
      }
    />
  );
}
