import { DownloadOutlined, FileUnknownOutlined } from "@ant-design/icons";
import { Button, Modal } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./PreviewOverlay.module.css";

/**
 * What the frame may do: nothing that runs. No scripts, forms, pop-ups or top navigation,
 * and an opaque origin, so a file that slipped past the server's checks still cannot act
 * as this page; pictures, audio and video show all the same.
 */
const SANDBOX = "";

export interface PreviewOverlayProps {
  open: boolean;
  /** The address to show; "" when the file has none (the overlay says it is not found). */
  url: string;
  /** The file's name, the overlay's title. */
  title: string;
  /** Where to download the file from, offered beside the preview. */
  downloadUrl?: string;
  onClose: () => void;
}

/**
 * SPEC §2 "Preview overlay": a file shown full-window in a sandboxed frame, with a close
 * button; without an address, SPEC §8's 'File not found'.
 */
export function PreviewOverlay({
  open,
  url,
  title,
  downloadUrl,
  onClose,
}: PreviewOverlayProps) {
  const { t } = useTranslation("files");
  const download = downloadUrl ? (
    <Button
      type={url ? "default" : "primary"}
      icon={<DownloadOutlined />}
      href={downloadUrl}
      download={title}
      rel="noreferrer"
    >
      {t("preview.download")}
    </Button>
  ) : null;
  return (
    <Modal
      open={open}
      title={<span className={styles.title}>{title}</span>}
      onCancel={onClose}
      closable={{ "aria-label": t("preview.close") }}
      footer={url ? download : null}
      width="100vw"
      style={{ top: 0, maxWidth: "100vw", margin: 0, paddingBottom: 0 }}
      classNames={{
        wrapper: styles.wrapper,
        container: styles.container,
        header: styles.header,
        body: styles.body,
        footer: styles.footer,
      }}
      destroyOnHidden
    >
      {url ? (
        <iframe
          className={styles.frame}
          src={url}
          title={t("preview.frame", { name: title })}
          sandbox={SANDBOX}
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className={styles.missing}>
          <FileUnknownOutlined className={styles.missingIcon} aria-hidden />
          <p className={styles.missingText}>{t("preview.notFound")}</p>
          {download}
        </div>
      )}
    </Modal>
  );
}
