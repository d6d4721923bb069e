import { CloseOutlined } from "@ant-design/icons";
import type { LinkPreview } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import styles from "./link-preview.module.css";

/**
 * A text message's link preview (extensions.md §5) under its bubble: the site, the title
 * (opening the link), the description, and the picture when the server stored one; all
 * drawn as text. The sender can take it away for everyone.
 */
export function LinkPreviewCard({
  preview,
  mine,
  onDismiss,
}: {
  preview: LinkPreview;
  mine: boolean;
  /** The sender's dismissal; absent for anyone else. */
  onDismiss?: (() => void) | undefined;
}) {
  const { t } = useTranslation("messages");
  return (
    <div
      className={mine ? styles.cardMine : styles.card}
      data-testid="link-preview"
    >
      {preview.image && (
        <img
          className={styles.picture}
          src={preview.image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )}
      <div className={styles.text}>
        <span className={styles.site}>{preview.siteName}</span>
        {preview.title && (
          <a
            className={styles.title}
            href={preview.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            {preview.title}
          </a>
        )}
        {preview.description && (
          <span className={styles.description}>{preview.description}</span>
        )}
      </div>
      {onDismiss && (
        <button
          type="button"
          className={styles.dismiss}
          aria-label={t("preview.dismiss")}
          title={t("preview.dismiss")}
          onClick={onDismiss}
        >
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}
