import { Modal } from "antd";
import { useTranslation } from "react-i18next";

/** Placeholder until the group QR poster lands (being built alongside). */
export function GroupQrPoster({
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("groups");
  return (
    <Modal open={open} title={t("qr.open")} onCancel={onClose} footer={null} />
  );
}
