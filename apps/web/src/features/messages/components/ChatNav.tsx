import { clsx } from "clsx";
import {
  MessageOutlined,
  CommentOutlined,
  ContactsOutlined,
  SlidersOutlined,
  FolderOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MobileOutlined,
  SettingOutlined,
  StarOutlined,
} from "@ant-design/icons";
import { Avatar, Tooltip } from "antd";
import { CountBadge } from "../../../components/CountBadge";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { can, Limits } from "@parley/protocol";
import { useSessionStore } from "../../../stores/session.store";
import { type ContactSection, useMutedNews } from "../../contacts";
import { SettingsDialog } from "../../settings";
import { useActor } from "../../system";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import type { ChatNavKind } from "../chat-layout";
import { useUnreadThreadsQuery } from "../threads.queries";
import styles from "./ChatNav.module.css";

function NavButton(props: {
  label: string;
  kind: ChatNavKind;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.active}
      className={clsx(styles.button, props.active && styles.active)}
      onClick={props.onClick}
    >
      {props.children}
      {props.kind !== "icons" && (
        <span className={styles.label} aria-hidden="true">
          {props.label}
        </span>
      )}
    </button>
  );
  // A touch bar has no hover: its labels are always shown instead.
  return props.kind === "bar" ? (
    button
  ) : (
    <Tooltip title={props.label} placement="right">
      {button}
    </Tooltip>
  );
}

/**
 * The chat's side menu (SPEC §2): messages, contacts, files, the mobile download page, full
 * screen, manage, settings. A labelled rail on a wide window, icons with tooltips below
 * 900 px, a bottom bar of labelled buttons on a phone (no full screen there: phones keep
 * their own).
 */
export function ChatNav({
  unread,
  kind,
}: {
  unread: number;
  kind: Exclude<ChatNavKind, "none">;
}) {
  const { t } = useTranslation("messages");
  const quietNews = useMutedNews();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const actor = useActor();
  const { section, setSection, pane, setPane } = useChatUiStore();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Followed threads with unread replies (extensions.md §6).
  const threadsUnread = useUnreadThreadsQuery().data?.count ?? 0;
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
  const bar = kind === "bar";
  const className = {
    labelled: styles.railLabelled,
    icons: styles.rail,
    bar: styles.bar,
  }[kind];

  return (
    <nav className={className} aria-label={t("nav.label")}>
      {!bar && (
        <Avatar src={user?.avatar} size={40} className={styles.avatar}>
          {user?.realname.slice(0, 1)}
        </Avatar>
      )}
      <NavButton
        kind={kind}
        label={t("nav.messages")}
        active={pane === "chats" && section === "messages"}
        onClick={() => go("messages")}
      >
        {/* Only muted chats have news: a dot, as on their rows. */}
        <CountBadge
          count={unread}
          dot={unread === 0 && quietNews}
          max={Limits.unreadBadgeMax}
          offset={[4, -4]}
          title={unread === 0 && quietNews ? t("nav.mutedNews") : undefined}
        >
          <CommentOutlined style={{ fontSize: 20, color: "inherit" }} />
        </CountBadge>
      </NavButton>
      <NavButton
        kind={kind}
        label={t("nav.threads")}
        active={pane === "threads"}
        onClick={() => setPane("threads")}
      >
        <CountBadge
          count={threadsUnread}
          max={Limits.unreadBadgeMax}
          offset={[4, -4]}
          title={
            threadsUnread > 0
              ? t("threads.unreadThreads", { count: threadsUnread })
              : undefined
          }
        >
          <MessageOutlined style={{ fontSize: 20, color: "inherit" }} />
        </CountBadge>
      </NavButton>
      <NavButton
        kind={kind}
        label={t("nav.contacts")}
        active={pane === "chats" && section === "contacts"}
        onClick={() => go("contacts")}
      >
        <ContactsOutlined />
      </NavButton>
      <NavButton
        kind={kind}
        label={t("nav.files")}
        active={pane === "files"}
        onClick={() => setPane("files")}
      >
        <FolderOutlined />
      </NavButton>
      <NavButton
        kind={kind}
        label={t("nav.favourites")}
        active={pane === "favourites"}
        onClick={() => setPane("favourites")}
      >
        <StarOutlined />
      </NavButton>
      {!bar && <div className={styles.spacer} />}
      <NavButton
        kind={kind}
        label={t("nav.download")}
        onClick={() => void navigate("/download")}
      >
        <MobileOutlined />
      </NavButton>
      {!bar && (
        <NavButton
          kind={kind}
          label={t(fullScreen ? "nav.exitFullScreen" : "nav.fullScreen")}
          onClick={toggleFullScreen}
        >
          {fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        </NavButton>
      )}
      {can(actor, "console.open") && (
        <NavButton
          kind={kind}
          label={t("nav.manage")}
          onClick={() => void navigate("/manage/index")}
        >
          <SlidersOutlined />
        </NavButton>
      )}
      <NavButton
        kind={kind}
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
