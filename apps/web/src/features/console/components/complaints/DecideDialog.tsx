import { type Complaint, COMPLAINT_REMARK_MAX } from "@parley/protocol";
import { Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDecideComplaintMutation } from "../../complaints.queries";

/** Handles or dismisses a report, with a note for the other administrators. */
export function DecideDialog({
  decision,
  onClose,
}: {
  decision: { complaint: Complaint; status: 1 | 2 } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const decide = useDecideComplaintMutation();
  // The page keys this dialog by the report, so each opening starts from its note.
  const [remark, setRemark] = useState(decision?.complaint.remark ?? "");
  const handled = decision?.status === 1;
  return (
    <Modal
      open={decision !== null}
      title={
        handled ? t("complaints.handleTitle") : t("complaints.dismissTitle")
      }
      okText={handled ? t("complaints.handle") : t("complaints.dismiss")}
      cancelText={t("complaints.cancel")}
      confirmLoading={decide.isPending}
      onCancel={onClose}
      onOk={() => {
        if (!decision) return;
        decide.mutate(
          {
            id: decision.complaint.id,
            status: decision.status,
            remark: remark.trim(),
          },
          { onSuccess: onClose },
        );
      }}
      destroyOnHidden
    >
      <p>
        {handled ? t("complaints.handleText") : t("complaints.dismissText")}
      </p>
      <Input.TextArea
        aria-label={t("complaints.remark")}
        placeholder={t("complaints.remarkPlaceholder")}
        value={remark}
        maxLength={COMPLAINT_REMARK_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        onChange={(event) => setRemark(event.target.value)}
      />
    </Modal>
  );
}
