import { WarningFilled } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./chat.module.css";

/**
 * SPEC §2: shown when the socket is down, with a reconnect button. While a try is under way
 * (automatic or clicked) the button says so and waits; the banner stays until it works.
 * Drawn without antd's Alert: the chat screen's first download keeps to its budget
 * (issue 43), and the banner's code is there before the connection goes.
 */
export function NoConnectionBanner({
  connecting,
  onReconnect,
}: {
  connecting: boolean;
  onReconnect: () => void;
}) {
  const { t } = useTranslation("messages");
  return (
    <div className={styles.connectionBanner} role="alert">
      <WarningFilled className={styles.connectionIcon} aria-hidden />
      <span className={styles.connectionText}>{t("connection.down")}</span>
      <Button
        size="small"
        type="primary"
        loading={connecting}
        onClick={onReconnect}
      >
        {t(connecting ? "connection.connecting" : "connection.reconnect")}
      </Button>
    </div>
  );
}
