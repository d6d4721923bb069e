import { GroupLimits } from "@parley/protocol";
import { Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublishNoticeMutation } from "../groups.queries";

/**
 * Publishing the group notice (SPEC §2): up to 1,000 characters; published, it is also
 * posted in the chat mentioning everyone. Emptied, it clears the notice. Mounted when opened,
 * so it starts from the notice as it is then.
 */
export function NoticeDialog({
  groupId,
  notice,
  open,
  onClose,
}: {
  groupId: number;
  notice: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("groups");
  const [text, setText] = useState(notice);
  const publish = usePublishNoticeMutation();
  return (
    <Modal
      open={open}
      title={t("notice.title")}
      okText={t("notice.publish")}
      cancelText={t("actions.cancel")}
      confirmLoading={publish.isPending}
      onOk={() =>
        publish.mutate({ groupId, notice: text.trim() }, { onSuccess: onClose })
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t("notice.hint")}</p>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={GroupLimits.noticeMax}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        placeholder={t("notice.placeholder")}
        aria-label={t("notice.title")}
      />
    </Modal>
  );
}
