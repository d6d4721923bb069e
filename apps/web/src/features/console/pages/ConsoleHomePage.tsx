import { Card, Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { useGlobalConfig } from "../../system";

/** The console home: the system's identity and state; the dashboards come with the console. */
export function ConsoleHomePage() {
  const { t } = useTranslation("console");
  const config = useGlobalConfig();
  return (
    <Card title={t("home.title")}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t("home.name")}>
          {config?.sysInfo.name}
        </Descriptions.Item>
        <Descriptions.Item label={t("home.version")}>
          {config?.version}
        </Descriptions.Item>
        <Descriptions.Item label={t("home.state")}>
          {config?.sysInfo.state === "0" ? t("home.closed") : t("home.open")}
        </Descriptions.Item>
        <Descriptions.Item label={t("home.runMode")}>
          {t(`home.runMode${config?.sysInfo.runMode === "2" ? "2" : "1"}`)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
