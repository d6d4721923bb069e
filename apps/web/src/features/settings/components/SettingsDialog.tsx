import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadNamespaceGroup } from "../../../i18n";
import { toast } from "../../../lib/feedback";
import type { SettingsModalProps } from "./SettingsModal";

// The dialog's code (its forms, the cropper) is fetched when it is first opened, not with
// the chat screen that shows its button.
// The account tab offers the suggestion dialog, whose texts come with the later group.
const loadModal = () =>
  Promise.all([import("./SettingsModal"), loadNamespaceGroup("later")]).then(
    ([m]) => m.SettingsModal,
  );

/** Settings (SPEC §2): fetched on first opening (offline, the next opening tries again). */
export function SettingsDialog({ open, onClose }: SettingsModalProps) {
  const { t } = useTranslation("errors");
  const [Modal, setModal] = useState<ComponentType<SettingsModalProps> | null>(
    null,
  );

  useEffect(() => {
    if (!open || Modal) return;
    let current = true;
    loadModal().then(
      (component) => {
        if (current) setModal(() => component);
      },
      () => {
        if (!current) return;
        toast("error", t("network"));
        onClose();
      },
    );
    return () => {
      current = false;
    };
  }, [open, Modal, onClose, t]);

  return Modal ? <Modal open={open} onClose={onClose} /> : null;
}
