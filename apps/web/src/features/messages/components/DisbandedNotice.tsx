import { type Contact, groups as groupCalls } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../../api/http";
import { contactsKey } from "../../contacts";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import styles from "./chat.module.css";

/**
 * In place of the editor of a disbanded group (by its owner or the console; issue 51): its history stays
 * readable until I remove it from my list, which closes the chat.
 */
export function DisbandedNotice({ contactId }: { contactId: string }) {
  const { t } = useTranslation("messages");
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await call(groupCalls.removeDisbanded, {
        id: Number(contactId.replace("group-", "")),
      });
      client.setQueryData<Contact[]>(contactsKey, (list) =>
        list?.filter((c) => c.id !== contactId),
      );
      const ui = useChatUiStore.getState();
      if (ui.openContactId === contactId) ui.open(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.editor} role="status">
      <p>{t("disbanded.notice")}</p>
      <Button danger loading={busy} onClick={() => void remove()}>
        {t("disbanded.remove")}
      </Button>
    </div>
  );
}
