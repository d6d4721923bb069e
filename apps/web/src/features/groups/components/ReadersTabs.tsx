import { Avatar, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./groups.module.css";

interface Person {
  id: number;
  displayName: string;
  avatar: string;
}

/** Who has read a group message and who not yet, in two tabs (ReadReceipt's popover). */
export function ReadersTabs({
  read,
  unread,
}: {
  read: Person[];
  unread: Person[];
}) {
  const { t } = useTranslation("groups");
  const people = (list: Person[]) =>
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
  return (
    <Tabs
      size="small"
      className={styles.readersTabs}
      items={[
        {
          key: "read",
          label: t("receipts.read", { count: read.length }),
          children: people(read),
        },
        {
          key: "unread",
          label: t("receipts.unread", { count: unread.length }),
          children: people(unread),
        },
      ]}
    />
  );
}
