import { Popover } from "antd";
import { Spinner } from "../../../components/light/Spinner";
import { type ComponentProps, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../lib/lazy-parts";
import { useReadersQuery } from "../groups.queries";
import styles from "./groups.module.css";
import type { ReadersTabs as Tabs } from "./ReadersTabs";

// The tabs' code is fetched when a receipt is first opened, not with every group chat.
const ReadersTabs = lazyDialog<ComponentProps<typeof Tabs>>(
  () => import("./ReadersTabs").then((m) => m.ReadersTabs),
  { useOpen: () => true, onFailed: () => undefined },
);

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
  const readers = useReadersQuery(groupId, msgId, read, open);
  const all = total > 0 && read >= total;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="topRight"
      content={
        readers.data ? (
          <ReadersTabs read={readers.data.read} unread={readers.data.unread} />
        ) : (
          <Spinner />
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
