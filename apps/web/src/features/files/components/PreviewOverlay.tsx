import { DownloadOutlined, FileUnknownOutlined } from "@ant-design/icons";
import { Button, Modal } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./PreviewOverlay.module.css";

/**
 * What the frame may do: nothing that runs. No scripts, forms, pop-ups or top navigation,
 * and an opaque origin, so a file that slipped past the server's checks still cannot act
 * as this page.
 */
const SANDBOX = "";

/**
 * How a file is shown: a picture, a clip or a sound in an element of its own (none of
 * which runs anything, and a clip in a frame of opaque origin could not even load its
 * bytes, which the server keeps to its own site); anything else in the sandboxed frame.
 */
export type PreviewKind = "image" | "video" | "audio" | "frame";

/** The preview kind of a library entry, by its category (SPEC §9: 2 image, 3 audio, 4 video). */
export function previewKind(entry: { cate: number }): PreviewKind {
  if (entry.cate === 2) return "image";
  if (entry.cate === 3) return "audio";
  if (entry.cate === 4) return "video";
  return "frame";
}

export interface PreviewOverlayProps {
  open: boolean;
  /** The address to show; "" when the file has none (the overlay says it is not found). */
  url: string;
  /** How to show it; the sandboxed frame when not given. */
  kind?: PreviewKind;
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
  kind = "frame",
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
      {url && kind === "image" ? (
        <div className={styles.stage}>
          <img className={styles.picture} src={url} alt={title} />
        </div>
      ) : url && kind === "video" ? (
        <div className={styles.stage}>
          <video
            className={styles.picture}
            src={url}
            controls
            preload="metadata"
            aria-label={title}
          />
        </div>
      ) : url && kind === "audio" ? (
        <div className={styles.stage}>
          <audio src={url} controls preload="metadata" aria-label={title} />
        </div>
      ) : url ? (
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
          {download && (
            <p className={styles.missingHint}>{t("library.noPreview")}</p>
          )}
          {download}
        </div>
      )}
    </Modal>
  );
}
