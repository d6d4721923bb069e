import {
  CustomerServiceOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
  SendOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { type FileEntry, formatFileSize } from "@parley/protocol";
import { Button, Tooltip } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FileKind, fileKind, thumbUrl } from "../file-kind";
import styles from "./FileLibraryPanel.module.css";

const ICONS: Record<FileKind, { icon: ReactNode; color: string }> = {
  pdf: { icon: <FilePdfOutlined />, color: "#e5484d" },
  word: { icon: <FileWordOutlined />, color: "#2b6cd9" },
  excel: { icon: <FileExcelOutlined />, color: "#1f9d55" },
  powerpoint: { icon: <FilePptOutlined />, color: "#e8772e" },
  text: { icon: <FileTextOutlined />, color: "#5c6475" },
  markdown: { icon: <FileMarkdownOutlined />, color: "#5c6475" },
  archive: { icon: <FileZipOutlined />, color: "#9a6b12" },
  image: { icon: <PictureOutlined />, color: "#8b5cf6" },
  audio: { icon: <CustomerServiceOutlined />, color: "#d9488b" },
  video: { icon: <VideoCameraOutlined />, color: "#0e9aa7" },
  other: { icon: <FileOutlined />, color: "#8a919f" },
};

/**
 * One file of the library: a picture's thumbnail or an icon by kind, its name and size
 * (both in full in the tooltip), and its actions. A double click previews it.
 */
export function FileCard({
  entry,
  canPreview,
  onPreview,
  onSend,
}: {
  entry: FileEntry;
  /** Whether the file has a preview; without one, the button says why it is off. */
  canPreview: boolean;
  /** Opens the preview (a double click on a file without one says why not). */
  onPreview: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation("files");
  const [thumbFailed, setThumbFailed] = useState(false);
  const size = formatFileSize(entry.size);
  const kind = ICONS[fileKind(entry)];
  const picture = entry.msg_type === "image" && !thumbFailed;

  return (
    <li className={styles.card} data-testid="file-card">
      <Tooltip
        title={
          <span className={styles.tip}>
            <span>{entry.name}</span>
            <span>{size}</span>
          </span>
        }
        mouseEnterDelay={0.4}
      >
        <div className={styles.cardFace} onDoubleClick={onPreview}>
          <div className={styles.thumb}>
            {picture ? (
              <img
                src={thumbUrl(entry.src)}
                alt=""
                loading="lazy"
                decoding="async"
                draggable={false}
                onError={() => setThumbFailed(true)}
              />
            ) : (
              <span
                className={styles.kindIcon}
                style={{ color: kind.color }}
                aria-hidden
              >
                {kind.icon}
              </span>
            )}
          </div>
          <div className={styles.info}>
            <span className={styles.name}>{entry.name}</span>
            <span className={styles.size}>{size}</span>
          </div>
        </div>
      </Tooltip>
      <div className={styles.actions}>
        <Tooltip
          title={canPreview ? t("library.preview") : t("library.noPreview")}
        >
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t("library.previewFile", { name: entry.name })}
            onClick={onPreview}
          />
        </Tooltip>
        <Tooltip title={t("library.download")}>
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            href={entry.download}
            download={entry.name}
            aria-label={t("library.downloadFile", { name: entry.name })}
          />
        </Tooltip>
        <Tooltip title={t("library.send")}>
          <Button
            type="text"
            size="small"
            icon={<SendOutlined />}
            aria-label={t("library.sendFile", { name: entry.name })}
            onClick={onSend}
          />
        </Tooltip>
      </div>
    </li>
  );
}
