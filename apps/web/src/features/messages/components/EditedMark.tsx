import { Popover } from "antd";
import { Spinner } from "../../../components/light/Spinner";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { htmlToText } from "../../../lib/html-text";
import { formatFullTime } from "../../../lib/time";
import { useMessageEditsQuery } from "../messages.queries";
import styles from "./edits.module.css";

/**
 * "(edited)" after an edited message's text (extensions.md §2): its tooltip says when;
 * a click opens the earlier versions, the original first, read only then.
 */
export function EditedMark({
  clientId,
  editTime,
  locale,
}: {
  clientId: string;
  editTime: number;
  locale: string;
}) {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  const versions = useMessageEditsQuery(clientId, open);
  const when = formatFullTime(editTime, locale);
  const content = (
    <div className={styles.history} data-testid="edit-history">
      <div className={styles.historyTitle}>{t("edit.historyTitle")}</div>
      {versions.isPending ? (
        <Spinner />
      ) : versions.isError ? (
        <div className={styles.historyNote}>{t("edit.historyFailed")}</div>
      ) : (
        <ol className={styles.versions}>
          {versions.data.map((version, index) => (
            <li key={`${String(version.editTime)} ${String(index)}`}>
              <time className={styles.versionTime}>
                {index === 0
                  ? t("edit.original", {
                      time: formatFullTime(version.editTime, locale),
                    })
                  : formatFullTime(version.editTime, locale)}
              </time>
              <div className={styles.versionText}>
                {htmlToText(version.content)}
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.historyNote}>
        {t("edit.editedAt", { time: when })}
      </div>
    </div>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={content}
      placement="top"
    >
      <button
        type="button"
        className={styles.mark}
        title={t("edit.editedAt", { time: when })}
        data-testid="edited-mark"
      >
        {t("edit.mark")}
      </button>
    </Popover>
  );
}
