import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useRemoveDisbandedMutation } from "../../groups";
import styles from "./chat.module.css";

/**
 * In place of the editor of a disbanded group (by its owner or the console; issue 51): its history stays
 * readable until I remove it from my list, which closes the chat.
 */
export function DisbandedNotice({ contactId }: { contactId: string }) {
  const { t } = useTranslation("messages");
  const remove = useRemoveDisbandedMutation();
  return (
    <div className={styles.editor} role="status">
      <p>{t("disbanded.notice")}</p>
      <Button
        danger
        loading={remove.isPending}
        onClick={() => remove.mutate(contactId)}
      >
        {t("disbanded.remove")}
      </Button>
    </div>
  );
}
