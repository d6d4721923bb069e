import { COMPLAINT_TEXT_MAX } from "@parley/protocol";
import { Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSuggestionMutation } from "../reports.queries";

/**
 * A suggestion to the administrators (SPEC §2 "Complaints and suggestions"): the user's
 * words, at most 500 characters, listed on the console's complaints page.
 */
export function SuggestionDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("reports");
  const send = useSuggestionMutation();
  const [words, setWords] = useState("");
  const [tried, setTried] = useState(false);
  const empty = words.trim() === "";
  const close = () => {
    setWords("");
    setTried(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t("suggestion.title")}
      okText={t("suggestion.send")}
      cancelText={t("cancel")}
      confirmLoading={send.isPending}
      onCancel={close}
      onOk={() => {
        setTried(true);
        if (empty) return;
        send.mutate(words, { onSuccess: close });
      }}
      destroyOnHidden
    >
      <p>{t("suggestion.about")}</p>
      <Input.TextArea
        aria-label={t("suggestion.title")}
        placeholder={t("suggestion.placeholder")}
        value={words}
        maxLength={COMPLAINT_TEXT_MAX}
        showCount
        status={tried && empty ? "error" : undefined}
        autoSize={{ minRows: 3, maxRows: 8 }}
        onChange={(event) => setWords(event.target.value)}
      />
      {tried && empty && (
        <div role="alert" style={{ color: "#ff4d4f", marginTop: 8 }}>
          {t("suggestion.empty")}
        </div>
      )}
    </Modal>
  );
}
