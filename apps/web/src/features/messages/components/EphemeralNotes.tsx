import { CloseOutlined, EyeInvisibleOutlined } from "@ant-design/icons";
import type { ContactId } from "@parley/protocol";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { htmlToText } from "../../../lib/html-text";
import { type EphemeralNote, useEphemeralStore } from "../ephemeral.store";
import styles from "./chat.module.css";

const NONE: readonly EphemeralNote[] = [];

/**
 * Slash commands' answers for me alone (extensions.md §9), under the chat's messages:
 * marked "Only visible to you", each dismissed by its ×; gone on reload.
 */
export function EphemeralNotes({ contactId }: { contactId: ContactId }) {
  const { t } = useTranslation("messages");
  const notes = useEphemeralStore((s) => s.byChat[String(contactId)] ?? NONE);
  if (notes.length === 0) return null;
  return (
    <div className={styles.ephemeralNotes} aria-live="polite">
      {notes.map((note) => (
        <div
          key={note.key}
          className={styles.ephemeralNote}
          data-testid="ephemeral-note"
        >
          <div className={styles.ephemeralLabel}>
            <EyeInvisibleOutlined /> {t("ephemeral.onlyYou")}
          </div>
          <div className={styles.ephemeralText}>{htmlToText(note.content)}</div>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("ephemeral.dismiss")}
            onClick={() =>
              useEphemeralStore.getState().dismiss(contactId, note.key)
            }
          />
        </div>
      ))}
    </div>
  );
}
