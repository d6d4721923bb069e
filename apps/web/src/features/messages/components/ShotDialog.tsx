import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import toolbarStyles from "./toolbar.module.css";

/** A screenshot or pasted picture shown for the user's yes before it is sent (SPEC §2). */
export function ShotDialog({
  shot,
  onClose,
}: {
  shot: { url: string } | null;
  /** `true`: send it. */
  onClose: (send: boolean) => void;
}) {
  const { t } = useTranslation("messages");
  return (
    <Modal
      open={shot !== null}
      title={t("shot.title")}
      okText={t("shot.send")}
      cancelText={t("shot.cancel")}
      onOk={() => onClose(true)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      {shot && (
        <img
          className={toolbarStyles.shotPreview}
          src={shot.url}
          alt={t("shot.alt")}
        />
      )}
    </Modal>
  );
}
