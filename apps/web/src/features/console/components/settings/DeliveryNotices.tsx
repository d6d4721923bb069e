import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import styles from "./settings.module.css";
import { SuperOnlyNotice } from "./SuperOnlyNotice";

/**
 * What heads a delivery section (mail, SMS): who may change it, whether the environment
 * sets it, and that nothing is sent until it is set up.
 */
export function DeliveryNotices({
  section,
  fromEnvironment,
  configured,
  mayWrite,
  mayChange,
}: {
  /** The section's namespace in the console's strings. */
  section: "mail" | "sms";
  fromEnvironment: boolean;
  configured: boolean;
  mayWrite: boolean;
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  return (
    <>
      <SuperOnlyNotice mayWrite={mayWrite} mayChange={mayChange} />
      {fromEnvironment && (
        <Alert
          type="info"
          showIcon
          className={styles.conNotice}
          title={t(`${section}.fromEnvironment`)}
          description={t(`${section}.fromEnvironmentHelp`)}
        />
      )}
      {!configured && (
        <Alert
          type="warning"
          showIcon
          className={styles.conNotice}
          title={t(`${section}.notConfigured`)}
          description={t(`${section}.notConfiguredHelp`)}
        />
      )}
    </>
  );
}
