import { PRODUCT_VERSION } from "@parley/protocol";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useGlobalConfig } from "../../system";
import styles from "./settings.module.css";

/** About (SPEC §2 Settings, shown in demo mode): the product and its version. */
export function AboutTab() {
  const { t } = useTranslation("settings");
  const config = useGlobalConfig();
  const server = config?.sysInfo.name;
  return (
    <div className={styles.about}>
      <Typography.Title level={4} className={styles.aboutName}>
        {t("about.product")}
      </Typography.Title>
      <Typography.Text>
        {t("about.version", { version: PRODUCT_VERSION })}
      </Typography.Text>
      {server && server !== t("about.product") && (
        <Typography.Text type="secondary">
          {t("about.server", { name: server })}
        </Typography.Text>
      )}
      <Typography.Paragraph type="secondary" className={styles.aboutText}>
        {t("about.description")}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t("about.demo")}</Typography.Text>
    </div>
  );
}
