import { Card, Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useGlobalConfig } from "../../../system";
import styles from "./home.module.css";

/** The system at a glance: its name, version, whether it is open, and its run mode. */
export function SystemSummary() {
  const { t } = useTranslation("console");
  const config = useGlobalConfig();
  const closed = config?.sysInfo.state === "0";
  return (
    <Card title={t("home.title")} size="small" className={styles.conSummary}>
      <Descriptions
        column={1}
        size="small"
        className={styles.conSummaryList}
        items={[
          {
            key: "name",
            label: t("home.name"),
            children: config?.sysInfo.name,
          },
          {
            key: "version",
            label: t("home.version"),
            children: config?.version,
          },
          {
            key: "state",
            label: t("home.state"),
            children: (
              <Tag color={closed ? "error" : "success"}>
                {closed ? t("home.closed") : t("home.open")}
              </Tag>
            ),
          },
          {
            key: "runMode",
            label: t("home.runMode"),
            children: t(
              config?.sysInfo.runMode === "2"
                ? "home.runMode2"
                : "home.runMode1",
            ),
          },
          {
            key: "regtype",
            label: t("home.regtype"),
            children: t(
              config?.sysInfo.regtype === "2"
                ? "home.regtype2"
                : "home.regtype1",
            ),
          },
        ]}
      />
    </Card>
  );
}
