import {
  AppstoreOutlined,
  DownloadOutlined,
  MessageOutlined,
  MobileOutlined,
  SettingOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { can, type Contact, Limits } from "@parley/protocol";
import {
  Avatar,
  Badge,
  Button,
  Card,
  Empty,
  List,
  Popover,
  QRCode,
  Tabs,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useContactsQuery, useUnreadTotal } from "../../features/contacts";
import { useActor, useGlobalConfig } from "../../features/system";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { useSessionStore } from "../../stores/session.store";
import { ChatDialog } from "./ChatDialog";
import styles from "./DemoPage.module.css";

/** SPEC §2 /demo: the first contacts are people (not groups) with an id below this. */
const FIRST_CONTACT_IDS_BELOW = 6;

const INTRO_TABS = [
  "chat",
  "groups",
  "calls",
  "console",
  "selfHosted",
] as const;

/** The people the demo offers to talk to: non-group contacts with an id below 6. */
export function firstContacts(
  list: readonly Contact[],
  me: number | undefined,
): Contact[] {
  return list.filter(
    (c) =>
      typeof c.id === "number" &&
      c.id < FIRST_CONTACT_IDS_BELOW &&
      c.id !== me &&
      c.is_group === 0,
  );
}

/**
 * /demo (SPEC §2): the product shown to a visitor of the demo. The chat opens as a pop-up;
 * buttons for the message box (with its unread badge, at most 99), the chat page, the
 * console, the mobile QR code and the client download; the first contacts, each with a
 * button to message them; and tabs that introduce the product.
 */
export function DemoPage() {
  const { t } = useTranslation("demo");
  const navigate = useNavigate();
  const me = useSessionStore((s) => s.user?.user_id);
  const sysInfo = useGlobalConfig()?.sysInfo;
  const name = sysInfo?.name || "Parley";
  const logo = sysInfo?.logo ?? "";
  const unread = useUnreadTotal();
  const contacts = useContactsQuery();
  const openChat = useChatUiStore((s) => s.open);
  // The console entry as the chat's side menu shows it: staff, or anyone in demo mode.
  const mayOpenConsole = can(useActor(), "console.open");
  const [chatOpen, setChatOpen] = useState(false);
  const people = firstContacts(contacts.data ?? [], me);
  const address = `${window.location.origin}${window.location.pathname}#/`;

  return (
    <div className={styles.demoPage}>
      <header className={styles.demoBar}>
        <span className={styles.demoBrand}>
          {logo !== "" ? (
            <img className={styles.demoLogoImage} src={logo} alt="" />
          ) : (
            <MessageOutlined className={styles.demoLogo} />
          )}
          <span className={styles.demoName}>{name}</span>
        </span>
        <nav className={styles.demoActions} aria-label={t("actions")}>
          <Badge count={unread} overflowCount={Limits.unreadBadgeMax}>
            <Button
              type="primary"
              icon={<MessageOutlined />}
              onClick={() => setChatOpen(true)}
            >
              {t("messageBox")}
            </Button>
          </Badge>
          <Button
            icon={<AppstoreOutlined />}
            onClick={() => void navigate("/chat")}
          >
            {t("chatPage")}
          </Button>
          {mayOpenConsole && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate("/manage/index")}
            >
              {t("console")}
            </Button>
          )}
          <Popover
            trigger="click"
            title={t("mobileTitle")}
            content={
              <div className={styles.demoQr}>
                <QRCode value={address} size={160} />
                <span>{t("mobileText")}</span>
              </div>
            }
          >
            <Button icon={<MobileOutlined />}>{t("mobile")}</Button>
          </Popover>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void navigate("/download")}
          >
            {t("download")}
          </Button>
        </nav>
      </header>

      <main className={styles.demoMain}>
        <section className={styles.demoHero}>
          <h1 className={styles.demoTitle}>{t("welcome", { name })}</h1>
          <p className={styles.demoLead}>{t("lead")}</p>
        </section>

        <div className={styles.demoColumns}>
          <Card title={t("peopleTitle")} className={styles.demoCard}>
            {people.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("peopleEmpty")}
              />
            ) : (
              <List
                dataSource={people}
                renderItem={(contact) => (
                  <List.Item
                    data-testid="demo-contact"
                    actions={[
                      <Button
                        key="send"
                        type="link"
                        onClick={() => {
                          openChat(contact.id);
                          setChatOpen(true);
                        }}
                      >
                        {t("sendMessage")}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={
                        <Avatar
                          src={contact.avatar || undefined}
                          icon={<UserOutlined />}
                        />
                      }
                      title={
                        <span className={styles.demoPerson}>
                          {contact.displayName}
                        </span>
                      }
                      description={
                        contact.is_online === 1 ? t("online") : t("offline")
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>

          <Card title={t("introTitle")} className={styles.demoCard}>
            <Tabs
              items={INTRO_TABS.map((key) => ({
                key,
                label: t(`intro.${key}.tab`),
                children: (
                  <div className={styles.demoIntro}>
                    <p>{t(`intro.${key}.text`)}</p>
                    <ul>
                      {[1, 2, 3].map((n) => (
                        <li key={n}>{t(`intro.${key}.point${String(n)}`)}</li>
                      ))}
                    </ul>
                  </div>
                ),
              }))}
            />
          </Card>
        </div>
      </main>
      <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} />
    </div>
  );
}
