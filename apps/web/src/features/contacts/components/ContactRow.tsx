import {
  BellOutlined,
  NotificationOutlined,
  PushpinOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { type Contact, Limits } from "@parley/protocol";
import { Avatar } from "antd";
import { CountBadge } from "../../../components/CountBadge";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isNoticesEntry } from "../system-entry";
import styles from "./ContactList.module.css";

/** One contact as the list and the quick switcher show it: avatar, name, a line under it. */
export function ContactRow({
  contact,
  showOnline,
  unread,
  time,
  preview,
  draft,
  chatMarks = false,
}: {
  contact: Contact;
  showOnline: boolean;
  /** The unread badge, 0 for none. */
  unread: number;
  /** Beside the name: the last message's time. */
  time?: ReactNode;
  /** Under the name: the last message, or the account. */
  preview: string;
  /** A draft I left in this chat: shown, marked, in place of the last message. */
  draft?: string | undefined;
  /** Show the chat's own settings (pinned, do-not-disturb) as icons. */
  chatMarks?: boolean;
}) {
  const { t } = useTranslation("contacts");
  // A do-not-disturb chat shows that it has news as a dot, not a count (SPEC §4).
  const muted = chatMarks && contact.is_notice === 0;
  return (
    <>
      {/* A muted chat with news shows a dot, not its count. */}
      <CountBadge
        count={unread}
        dot={muted && unread > 0}
        max={Limits.unreadBadgeMax}
        title={muted && unread > 0 ? t("mutedNews") : undefined}
      >
        <CountBadge
          dot={showOnline && contact.is_group === 0 && contact.is_online === 1}
          color="#52c41a"
          offset={[-4, 32]}
        >
          {contact.is_group === 2 && !contact.avatar ? (
            <Avatar
              size={40}
              icon={
                isNoticesEntry(contact) ? (
                  <NotificationOutlined />
                ) : (
                  <UserAddOutlined />
                )
              }
              style={{
                background: isNoticesEntry(contact) ? "#d46b08" : "#1f6feb",
              }}
            />
          ) : (
            <Avatar src={contact.avatar} size={40}>
              {contact.displayName.slice(0, 1)}
            </Avatar>
          )}
        </CountBadge>
      </CountBadge>
      <span className={styles.contactText}>
        <span className={styles.contactTop}>
          <span className={styles.contactName} title={contact.displayName}>
            {contact.displayName}
            {(contact.is_group === 2 || contact.is_bot === 1) && (
              <span className={styles.botTag}>{t("bot")}</span>
            )}
          </span>
          {time !== undefined && (
            <span className={styles.contactTime}>{time}</span>
          )}
        </span>
        <span className={styles.contactBottom}>
          <span className={styles.contactPreview}>
            {draft ? (
              <>
                <span className={styles.draftMark}>{t("draft")}</span>
                {draft}
              </>
            ) : (
              preview
            )}
          </span>
          {chatMarks && contact.is_top === 1 && (
            <PushpinOutlined
              className={styles.chatMark}
              aria-label={t("menu.pinned")}
            />
          )}
          {muted && (
            <span
              className={styles.chatMark}
              aria-label={t("menu.muted")}
              data-muted=""
            >
              <BellOutlined />
            </span>
          )}
        </span>
      </span>
    </>
  );
}
