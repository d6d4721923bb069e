import {
  CloudServerOutlined,
  MessageOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from "@ant-design/icons";
import { Card, Statistic } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "./format-bytes";
import styles from "./home.module.css";

/** The figures the cards show (the dashboard call's counts). */
export interface HomeFigures {
  userCount: number;
  onlineCount: number;
  clientCount: number;
  groupCount: number;
  messagesToday: number;
  messageCount: number;
  fileCount: number;
  storageBytes: number;
}

/**
 * The home's figures as cards: users; people online and the devices they use; groups;
 * messages today and in all; files and the storage they take. Each card is a named group,
 * so a screen reader reads its title with its figures.
 */
export function StatCards({
  figures,
  locale,
}: {
  figures: HomeFigures;
  locale: string;
}) {
  const { t } = useTranslation("console");
  const number = new Intl.NumberFormat(locale);
  const card = (
    key: string,
    icon: ReactNode,
    title: string,
    value: number,
    detail: string,
  ) => (
    <Card key={key} size="small" className={styles.conStat}>
      <div role="group" aria-label={title} className={styles.conStatBody}>
        <Statistic
          title={
            <span className={styles.conStatTitle}>
              <span>{title}</span>
              <span className={styles.conStatIcon} aria-hidden>
                {icon}
              </span>
            </span>
          }
          value={value}
          formatter={(v) => number.format(Number(v))}
        />
        <span className={styles.conStatDetail}>{detail}</span>
      </div>
    </Card>
  );

  return (
    <div className={styles.conStats}>
      {card(
        "users",
        <UserOutlined />,
        t("home.stats.users"),
        figures.userCount,
        t("home.stats.usersDetail"),
      )}
      {card(
        "online",
        <WifiOutlined />,
        t("home.stats.online"),
        figures.onlineCount,
        t("home.stats.devices", {
          devices: number.format(figures.clientCount),
        }),
      )}
      {card(
        "groups",
        <TeamOutlined />,
        t("home.stats.groups"),
        figures.groupCount,
        t("home.stats.groupsDetail"),
      )}
      {card(
        "messages",
        <MessageOutlined />,
        t("home.stats.messagesToday"),
        figures.messagesToday,
        t("home.stats.messagesTotal", {
          total: number.format(figures.messageCount),
        }),
      )}
      {card(
        "files",
        <CloudServerOutlined />,
        t("home.stats.files"),
        figures.fileCount,
        t("home.stats.storage", {
          size: formatBytes(figures.storageBytes, locale),
        }),
      )}
    </div>
  );
}
