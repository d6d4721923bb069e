import { Modal, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSessionStore } from "../../../stores/session.store";
import { useGlobalConfig } from "../../system";
import { AboutTab } from "./AboutTab";
import { AccountTab } from "./AccountTab";
import { CommonTab } from "./CommonTab";
import styles from "./settings.module.css";

/** Whether the dialog shows, and how it asks to close. */
export interface SettingsModalProps {
  open: boolean;
  onClose: () => void;
}

/** The Settings dialog itself (SPEC §2): Account, Common, and About in demo mode. */
export function SettingsModal({ open, onClose }: SettingsModalProps) {
  const { t } = useTranslation("settings");
  const user = useSessionStore((s) => s.user);
  const config = useGlobalConfig();
  if (!user) return null;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("title")}
      width={560}
      className={styles.dialog}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: "account",
            label: t("account"),
            children: (
              <div className={styles.pane}>
                <AccountTab user={user} />
              </div>
            ),
          },
          {
            key: "common",
            label: t("common"),
            children: (
              <div className={styles.pane}>
                <CommonTab user={user} />
              </div>
            ),
          },
          ...(config?.demon_mode === 1
            ? [
                {
                  key: "about",
                  label: t("about.tab"),
                  children: (
                    <div className={styles.pane}>
                      <AboutTab />
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
