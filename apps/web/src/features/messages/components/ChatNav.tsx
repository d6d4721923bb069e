import {
  CommentOutlined,
  ContactsOutlined,
  ControlOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SettingOutlined,
} from "@ant-design/icons";
import { Avatar, Badge, Tooltip } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { can, Limits } from "@parley/protocol";
import { useSessionStore } from "../../../stores/session.store";
import type { ContactSection } from "../../contacts";
import { SettingsDialog } from "../../settings";
import { useActor } from "../../system";
import { useChatUiStore } from "../chat-ui.store";
import styles from "./chat.module.css";

function NavButton(props: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label} placement="right">
      <button
        type="button"
        aria-label={props.label}
        aria-pressed={props.active}
        className={props.active ? styles.navButtonActive : styles.navButton}
        onClick={props.onClick}
      >
        {props.children}
      </button>
    </Tooltip>
  );
}

/** The chat's side menu (SPEC §2): messages, contacts, full screen, manage, settings. */
export function ChatNav({ unread }: { unread: number }) {
  const { t } = useTranslation("messages");
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const actor = useActor();
  const { section, setSection } = useChatUiStore();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [fullScreen, setFullScreen] = useState(
    Boolean(document.fullscreenElement),
  );

  useEffect(() => {
    const sync = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);

  const go = (next: ContactSection) => setSection(next);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void document.documentElement.requestFullscreen().catch(() => undefined);
  };

  return (
    <nav className={styles.nav} aria-label={t("nav.label")}>
      <Avatar src={user?.avatar} size={40} style={{ marginBottom: 12 }}>
        {user?.realname.slice(0, 1)}
      </Avatar>
      <NavButton
        label={t("nav.messages")}
        active={section === "messages"}
        onClick={() => go("messages")}
      >
        <Badge
          count={unread}
          overflowCount={Limits.unreadBadgeMax}
          size="small"
          offset={[4, -4]}
        >
          <CommentOutlined style={{ fontSize: 20, color: "inherit" }} />
        </Badge>
      </NavButton>
      <NavButton
        label={t("nav.contacts")}
        active={section === "contacts"}
        onClick={() => go("contacts")}
      >
        <ContactsOutlined />
      </NavButton>
      <div className={styles.navSpacer} />
      <NavButton
        label={t(fullScreen ? "nav.exitFullScreen" : "nav.fullScreen")}
        onClick={toggleFullScreen}
      >
        {fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </NavButton>
      {can(actor, "console.open") && (
        <NavButton
          label={t("nav.manage")}
          onClick={() => void navigate("/manage/index")}
        >
          <ControlOutlined />
        </NavButton>
      )}
      <NavButton
        label={t("nav.settings")}
        onClick={() => setSettingsOpen(true)}
      >
        <SettingOutlined />
      </NavButton>
      <SettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
      />
    </nav>
  );
}
