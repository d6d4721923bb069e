import { Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { askForNotifications, notificationsSupported } from "../desktop-notify";
import styles from "./settings.module.css";

/** What the browser says of notifications now: granted, denied, or not asked yet. */
function permission(): NotificationPermission | "unsupported" {
  return notificationsSupported() ? Notification.permission : "unsupported";
}

/**
 * The Common tab's row for browser notifications: a switch that asks the browser (from the
 * click, as browsers require); when the user has blocked them, how to allow them again.
 */
export function NotificationsSetting() {
  const { t } = useTranslation("settings");
  const [state, setState] = useState(permission);
  const hint =
    state === "denied"
      ? t("notify.blocked")
      : state === "unsupported"
        ? t("notify.unsupported")
        : t("notify.hint");
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        <span id="setting-notify" className={styles.rowLabel}>
          {t("notify.label")}
        </span>
        <Typography.Text type="secondary" className={styles.rowHint}>
          {hint}
        </Typography.Text>
      </div>
      <Switch
        aria-labelledby="setting-notify"
        checked={state === "granted"}
        disabled={state !== "default"}
        onChange={() =>
          void askForNotifications().finally(() => setState(permission()))
        }
      />
    </div>
  );
}
