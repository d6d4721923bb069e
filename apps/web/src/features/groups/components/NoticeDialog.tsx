import { GroupLimits, groups as groupCalls } from "@parley/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../../api/http";
import { toast } from "../../../lib/feedback";
import { refreshGroup } from "../groups.queries";

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
  const client = useQueryClient();
  const [text, setText] = useState(notice);
  const publish = useMutation({
    mutationFn: async () => {
      await call(groupCalls.setNotice, { id: groupId, notice: text.trim() });
    },
    onSuccess: () => {
      refreshGroup(client, groupId);
      toast(
        "success",
        t(text.trim() === "" ? "notice.cleared" : "notice.published"),
      );
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t("notice.title")}
      okText={t("notice.publish")}
      cancelText={t("actions.cancel")}
      confirmLoading={publish.isPending}
      onOk={() => publish.mutate()}
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
