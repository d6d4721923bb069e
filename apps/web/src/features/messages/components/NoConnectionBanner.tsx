import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

/** SPEC §2: shown when the socket is down, with a reconnect button. */
export function NoConnectionBanner({
  onReconnect,
}: {
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
        <Button size="small" type="primary" onClick={onReconnect}>
          {t("connection.reconnect")}
        </Button>
      }
    />
  );
}
