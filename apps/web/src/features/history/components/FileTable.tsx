import { DownloadOutlined, FileOutlined } from "@ant-design/icons";
import { fileBytes, formatFileSize, type Message } from "@parley/protocol";
import { Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../lib/time";
import { fileNameOf } from "../history-media";
import styles from "./HistoryPanel.module.css";

/**
 * The files of a chat (SPEC §2): a table of file name, upload time, size, uploader and a
 * download. On a phone it scrolls sideways rather than squeezing the names to nothing.
 */
export function FileTable({
  messages,
  locale,
  narrow,
}: {
  messages: Message[];
  locale: string;
  narrow: boolean;
}) {
  const { t } = useTranslation("history");
  const columns: TableColumnsType<Message> = [
    {
      key: "name",
      title: t("table.name"),
      render: (_, m) => {
        const name = fileNameOf(m);
        return (
          <span className={styles.hTableName} title={name}>
            <FileOutlined className={styles.hFileIcon} aria-hidden />
            <span className={styles.hTableNameText}>{name}</span>
          </span>
        );
      },
    },
    {
      key: "time",
      title: t("table.time"),
      width: 96,
      render: (_, m) => (
        <time
          className={styles.hTableTime}
          dateTime={new Date(m.sendTime).toISOString()}
        >
          {formatFullTime(m.sendTime, locale)}
        </time>
      ),
    },
    {
      key: "size",
      title: t("table.size"),
      width: 60,
      render: (_, m) => formatFileSize(fileBytes(m.fileSize)),
    },
    {
      key: "uploader",
      title: t("table.uploader"),
      width: 84,
      render: (_, m) => {
        const name = m.fromUser.displayName || m.fromUser.realname;
        return (
          <span className={styles.hTableNameText} title={name}>
            {name}
          </span>
        );
      },
    },
    {
      key: "download",
      // The word is long in some languages ("Herunterladen"): the column shows its icon.
      title: (
        <span title={t("table.download")}>
          <DownloadOutlined aria-hidden />
          <span className={styles.hSrOnly}>{t("table.download")}</span>
        </span>
      ),
      width: 48,
      align: "center",
      render: (_, m) => {
        const name = fileNameOf(m);
        return (
          <a
            className={styles.hDownload}
            href={m.download || m.content}
            download={name}
            aria-label={t("table.downloadFile", { name })}
          >
            <DownloadOutlined />
          </a>
        );
      },
    },
  ];
  return (
    <Table<Message>
      className={styles.hTable}
      size="small"
      rowKey="msg_id"
      columns={columns}
      dataSource={messages}
      pagination={false}
      tableLayout="fixed"
      scroll={narrow ? { x: 480 } : undefined}
    />
  );
}
