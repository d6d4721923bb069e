import { BellOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  askForNotifications,
  dismissNotificationOffer,
  shouldOfferNotifications,
} from "../desktop-notify";
import styles from "./settings.module.css";

/**
 * A quiet offer above the chat list to turn notifications on: the browser's own prompt
 * comes only from its button, never on page load; closed, it stays closed.
 */
export function NotificationOffer() {
  const { t } = useTranslation("settings");
  const [shown, setShown] = useState(shouldOfferNotifications);
  if (!shown) return null;
  return (
    <div className={styles.offer} role="status">
      <BellOutlined />
      <span>{t("notify.offer")}</span>
      <div className={styles.offerActions}>
        <Button
          size="small"
          type="text"
          onClick={() => {
            dismissNotificationOffer();
            setShown(false);
          }}
        >
          {t("notify.dismiss")}
        </Button>
        <Button
          size="small"
          type="primary"
          onClick={() =>
            void askForNotifications().finally(() => setShown(false))
          }
        >
          {t("notify.turnOn")}
        </Button>
      </div>
    </div>
  );
}
