import { groups as groupCalls } from "@parley/protocol";
import { useQuery } from "@tanstack/react-query";
import { Avatar, Popover, Spin, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../../api/http";
import styles from "./groups.module.css";

/**
 * "Read by 3 of 5" under a group message (issue 8, beyond SPEC); a click lists who has
 * read it and who not yet, fetched when opened.
 */
export function ReadReceipt({
  groupId,
  msgId,
  read,
  total,
}: {
  groupId: number;
  msgId: number;
  read: number;
  total: number;
}) {
  const { t } = useTranslation("groups");
  const [open, setOpen] = useState(false);
  const readers = useQuery({
    queryKey: ["groups", groupId, "readers", msgId, read],
    queryFn: async () =>
      (await call(groupCalls.readers, { id: groupId, msg_id: msgId })).data,
    enabled: open,
  });
  const people = (
    list: { id: number; displayName: string; avatar: string }[],
  ) =>
    list.length === 0 ? (
      <div className={styles.readersEmpty}>{t("receipts.nobody")}</div>
    ) : (
      <ul className={styles.readers}>
        {list.map((p) => (
          <li key={p.id}>
            <Avatar src={p.avatar || undefined} size={20}>
              {p.displayName.slice(0, 1)}
            </Avatar>
            <span className={styles.ellipsis}>{p.displayName}</span>
          </li>
        ))}
      </ul>
    );
  const all = total > 0 && read >= total;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="topRight"
      content={
        readers.data ? (
          <Tabs
            size="small"
            className={styles.readersTabs}
            items={[
              {
                key: "read",
                label: t("receipts.read", { count: readers.data.read.length }),
                children: people(readers.data.read),
              },
              {
                key: "unread",
                label: t("receipts.unread", {
                  count: readers.data.unread.length,
                }),
                children: people(readers.data.unread),
              },
            ]}
          />
        ) : (
          <Spin size="small" />
        )
      }
    >
      <button
        type="button"
        className={all ? styles.receiptAll : styles.receipt}
        aria-label={t("receipts.label", { read, total })}
      >
        {all ? t("receipts.allRead") : t("receipts.short", { read, total })}
      </button>
    </Popover>
  );
}
