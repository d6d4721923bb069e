import {
  AppstoreOutlined,
  BarChartOutlined,
  FieldTimeOutlined,
  FileOutlined,
  FileTextOutlined,
  LogoutOutlined,
  MessageOutlined,
  NotificationOutlined,
  SettingOutlined,
  StarOutlined,
  TeamOutlined,
  RobotOutlined,
  UserOutlined,
  CommentOutlined,
  AuditOutlined,
} from "@ant-design/icons";
import { Limits } from "@parley/protocol";
import { Avatar, Badge, Button, Dropdown, Layout, Menu } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useLogoutMutation } from "../../features/accounts";
import { ConsoleRoutes } from "../../features/console";
import { useUnreadTotal } from "../../features/contacts";
import { SettingsDialog } from "../../features/settings";
import { useGlobalConfig } from "../../features/system";
import { useWindowWidth } from "../../hooks/useWindowWidth";
import { useSessionStore } from "../../stores/session.store";
import { ChatDialog } from "../chat/ChatDialog";

/** SPEC §2 Console shell: 200 px side menu, 65 px collapsed, collapsed below 900 px. */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 65;
export const COLLAPSE_BELOW = 900;

const PAGES = [
  { key: "index", icon: <BarChartOutlined /> },
  { key: "setting", icon: <SettingOutlined /> },
  { key: "user", icon: <UserOutlined /> },
  { key: "bot", icon: <RobotOutlined /> },
  { key: "message", icon: <MessageOutlined /> },
  { key: "group", icon: <TeamOutlined /> },
  { key: "notice", icon: <NotificationOutlined /> },
  { key: "collect", icon: <StarOutlined /> },
  { key: "opinion", icon: <CommentOutlined /> },
  { key: "article", icon: <FileTextOutlined /> },
  { key: "files", icon: <FileOutlined /> },
  { key: "task", icon: <FieldTimeOutlined /> },
  { key: "audit", icon: <AuditOutlined /> },
] as const;

/** The pages built so far; the others show in the menu, inactive, until they come. */
const READY = new Set<string>([
  "index",
  "setting",
  "user",
  "bot",
  "message",
  "group",
  "notice",
  "collect",
  "opinion",
  "article",
  "files",
  "task",
  "audit",
]);

/** The console's frame: header with enter-chat, unread badge and user menu; side menu. */
export function ConsoleLayout() {
  const { t } = useTranslation("console");
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionStore((s) => s.user);
  const logo = useGlobalConfig()?.sysInfo.logo ?? "";
  const logout = useLogoutMutation();
  const unread = useUnreadTotal();
  const width = useWindowWidth();
  const narrow = width < COLLAPSE_BELOW;
  // A user's toggle holds until the window crosses the 900 px line again.
  const [choice, setChoice] = useState<{
    narrow: boolean;
    collapsed: boolean;
  } | null>(null);
  const collapsed = choice?.narrow === narrow ? choice.collapsed : narrow;

  const current = location.pathname.split("/")[2] ?? "index";
  // The chat opens over the console (SPEC §2 Console shell); the profile is the settings' own.
  const [chatOpen, setChatOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <Layout style={{ minHeight: "100%" }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsible
        collapsed={collapsed}
        onCollapse={(value) => setChoice({ narrow, collapsed: value })}
        theme="light"
        style={{ borderRight: "1px solid #eef0f3" }}
      >
        <div
          style={{
            height: 56,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          {logo !== "" ? (
            <img
              src={logo}
              alt=""
              style={{
                height: 28,
                maxWidth: collapsed ? 40 : 64,
                objectFit: "contain",
              }}
            />
          ) : (
            <AppstoreOutlined style={{ fontSize: 22, color: "#1f6feb" }} />
          )}
          {!collapsed && (
            <strong style={{ marginLeft: 8 }}>{t("title")}</strong>
          )}
        </div>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={PAGES.map((page) => ({
            key: page.key,
            icon: page.icon,
            label: t(`menu.${page.key}`),
            disabled: !READY.has(page.key),
          }))}
          onClick={({ key }) => void navigate(`/manage/${key}`)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: "#fff",
            display: "flex",
            alignItems: "center",
            justifyContent: "flex-end",
            gap: 16,
            padding: "0 24px",
            borderBottom: "1px solid #eef0f3",
          }}
        >
          <Badge count={unread} overflowCount={Limits.unreadBadgeMax}>
            <Button
              type="primary"
              icon={<MessageOutlined />}
              onClick={() => setChatOpen(true)}
            >
              {t("enterChat")}
            </Button>
          </Badge>
          <Dropdown
            menu={{
              items: [
                { key: "profile", icon: <UserOutlined />, label: t("profile") },
                { key: "logout", icon: <LogoutOutlined />, label: t("logout") },
              ],
              onClick: ({ key }) => {
                if (key === "logout")
                  logout.mutate(undefined, {
                    onSettled: () => void navigate("/login"),
                  });
                if (key === "profile") setProfileOpen(true);
              },
            }}
          >
            <Button type="text" aria-label={t("userMenu")}>
              <Avatar size="small" src={user?.avatar} icon={<UserOutlined />} />
              <span style={{ marginLeft: 8 }}>{user?.realname}</span>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
        <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} />
        <SettingsDialog
          open={profileOpen}
          onClose={() => setProfileOpen(false)}
        />
      </Layout>
    </Layout>
  );
}

/** The console under /manage: its pages (the console feature's) in this shell. */
export function ConsoleScreen() {
  return <ConsoleRoutes Layout={ConsoleLayout} />;
}
