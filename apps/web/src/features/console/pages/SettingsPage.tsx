import { can } from "@parley/protocol";
import { Alert, Button, Card, Result, Spin, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useActor } from "../../system";
import { ChatTab } from "../components/settings/ChatTab";
import { FilesTab } from "../components/settings/FilesTab";
import { InviteTab } from "../components/settings/InviteTab";
import { MailTab } from "../components/settings/MailTab";
import { SigninTab } from "../components/settings/SigninTab";
import { SmsTab } from "../components/settings/SmsTab";
import { SystemTab } from "../components/settings/SystemTab";
import styles from "../components/settings/settings.module.css";
import { useAllConfigQuery } from "../console.queries";

/**
 * /manage/setting: the global config by section, each tab with its own Save (SPEC §3
 * Global config); mail, SMS and storage are the server's environment until saved here; and
 * invitation links. Demo mode shows everything and saves nothing.
 */
export function SettingsPage() {
  const { t } = useTranslation("console");
  const actor = useActor();
  const mayWrite = can(actor, "console.write");
  // Mail, SMS and storage hold the server's secrets: super administrators only.
  const mayDeliver = can(actor, "console.deliverySettings");
  const query = useAllConfigQuery();
  const config = query.data;

  let content;
  if (!config) {
    content = query.isError ? (
      <Result
        status="warning"
        title={t("settings.loadFailed")}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        }
      />
    ) : (
      <div className={styles.conLoading}>
        <Spin />
        <span>{t("loading")}</span>
      </div>
    );
  } else {
    // Each form starts again from what is stored whenever its section changes (a save).
    content = (
      <Tabs
        items={[
          {
            key: "system",
            label: t("settings.tabs.system"),
            children: (
              <SystemTab
                key={JSON.stringify(config.sysInfo)}
                stored={config.sysInfo}
                mayWrite={mayWrite}
              />
            ),
          },
          {
            key: "chat",
            label: t("settings.tabs.chat"),
            children: (
              <ChatTab
                key={JSON.stringify(config.chatInfo)}
                stored={config.chatInfo}
                mayWrite={mayWrite}
              />
            ),
          },
          {
            key: "files",
            label: t("settings.tabs.files"),
            children: (
              <FilesTab
                key={JSON.stringify(config.fileUpload)}
                stored={config.fileUpload}
                storage={config.storage}
                mayWrite={mayWrite}
                mayChangeStorage={mayDeliver}
              />
            ),
          },
          {
            key: "mail",
            label: t("settings.tabs.mail"),
            children: (
              <MailTab
                smtp={config.smtp}
                mayWrite={mayWrite}
                mayChange={mayDeliver}
              />
            ),
          },
          {
            key: "sms",
            label: t("settings.tabs.sms"),
            children: (
              <SmsTab
                sms={config.sms}
                mayWrite={mayWrite}
                mayChange={mayDeliver}
              />
            ),
          },
          {
            key: "signin",
            label: t("settings.tabs.signin"),
            children: (
              <SigninTab
                signin={config.signin}
                mayWrite={mayWrite}
                mayChange={mayDeliver}
              />
            ),
          },
          {
            key: "invite",
            label: t("settings.tabs.invite"),
            children: (
              <InviteTab regtype={config.sysInfo.regtype} mayWrite={mayWrite} />
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card title={t("settings.title")} className={styles.conCard}>
      <p className={styles.conHint}>{t("settings.about")}</p>
      {!mayWrite && (
        <Alert
          type="warning"
          showIcon
          className={styles.conNotice}
          title={t("settings.demoTitle")}
          description={t("settings.demoText")}
        />
      )}
      {content}
    </Card>
  );
}
