import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./settings.module.css";

/**
 * Why an administrator sees mail or storage read-only: those settings hold the server's
 * secrets and say where they go, so only a super administrator changes them. Nothing is
 * shown to whom the console is read-only anyway (demo mode says so itself).
 */
export function SuperOnlyNotice({
  mayWrite,
  mayChange,
}: {
  mayWrite: boolean;
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  if (!mayWrite || mayChange) return null;
  return (
    <Alert
      type="info"
      showIcon
      className={styles.conNotice}
      title={t("settings.superOnly")}
    />
  );
}
