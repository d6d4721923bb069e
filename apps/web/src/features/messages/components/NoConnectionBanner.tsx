import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

/**
 * SPEC §2: shown when the socket is down, with a reconnect button. While a try is under way
 * (automatic or clicked) the button says so and waits; the banner stays until it works.
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
    <Alert
      type="warning"
      banner
      showIcon
      title={t("connection.down")}
      action={
        <Button
          size="small"
          type="primary"
          loading={connecting}
          onClick={onReconnect}
        >
          {t(connecting ? "connection.connecting" : "connection.reconnect")}
        </Button>
      }
    />
  );
}
