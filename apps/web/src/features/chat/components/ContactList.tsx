import { SearchOutlined } from "@ant-design/icons";
import type { Contact } from "@parley/protocol";
import { Avatar, Badge, Empty, Input, Segmented, Tag } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { htmlToText } from "../../../lib/html-text";
import { formatListTime } from "../../../lib/time";
import { LANGUAGE_TAGS } from "../../../i18n";
import { isLanguage, Limits } from "@parley/protocol";
import {
  type ChatSection,
  type ChatTab,
  useChatUiStore,
} from "../chat-ui.store";
import styles from "./chat.module.css";

/** Pinned first, then by last send time (SPEC §2). */
export function sortContacts(list: readonly Contact[]): Contact[] {
  return [...list].sort(
    (a, b) => b.is_top - a.is_top || b.lastSendTime - a.lastSendTime,
  );
}

/** The contacts a section and tab show, matching the search. */
export function visibleContacts(
  list: readonly Contact[],
  section: ChatSection,
  tab: ChatTab,
  search: string,
): Contact[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? list.filter((c) =>
        [c.displayName, c.name_py, c.account ?? ""].some((field) =>
          field.toLowerCase().includes(needle),
        ),
      )
    : list;
  if (section === "contacts") {
    return [...matching].sort(
      (a, b) =>
        a.index.localeCompare(b.index) || a.name_py.localeCompare(b.name_py),
    );
  }
  const chats = matching.filter((c) => {
    if (tab === "unread") return c.unread > 0;
    if (tab === "at") return c.is_at > 0;
    return c.lastContent !== "" || c.unread > 0;
  });
  return sortContacts(chats);
}

interface Props {
  contacts: readonly Contact[];
  loading: boolean;
  showOnline: boolean;
  onOpen: (contact: Contact) => void;
}

/** The middle column: search, tabs, and the chats or the directory. */
export function ContactList({ contacts, loading, showOnline, onOpen }: Props) {
  const { t, i18n } = useTranslation("chat");
  const { section, tab, search, openContactId, setTab, setSearch } =
    useChatUiStore();
  const shown = useMemo(
    () => visibleContacts(contacts, section, tab, search),
    [contacts, section, tab, search],
  );
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();

  return (
    <aside
      className={styles.list}
      aria-label={t(section === "messages" ? "nav.messages" : "nav.contacts")}
    >
      <div className={styles.listHeader}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("list.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t("list.search")}
        />
        {section === "messages" && (
          <Segmented<ChatTab>
            block
            size="small"
            value={tab}
            onChange={(value) => setTab(value)}
            options={[
              { label: t("list.all"), value: "all" },
              { label: t("list.unread"), value: "unread" },
              { label: t("list.at"), value: "at" },
            ]}
            style={{ marginTop: 10 }}
          />
        )}
      </div>
      <div className={styles.listBody}>
        {!loading && shown.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(
              section === "messages" ? "list.noChats" : "list.noContacts",
            )}
          />
        )}
        {shown.map((contact) => {
          const active = contact.id === openContactId;
          const className = active ? styles.contactActive : styles.contact;
          return (
            <button
              key={String(contact.id)}
              type="button"
              className={
                contact.is_top && !active
                  ? `${className} ${styles.contactPinned}`
                  : className
              }
              onClick={() => onOpen(contact)}
              aria-current={active ? "true" : undefined}
              data-testid="contact"
            >
              <Badge
                count={section === "messages" ? contact.unread : 0}
                overflowCount={Limits.unreadBadgeMax}
                size="small"
              >
                <Badge
                  dot={showOnline && contact.is_online === 1}
                  color="green"
                  offset={[-4, 32]}
                >
                  <Avatar src={contact.avatar} size={40}>
                    {contact.displayName.slice(0, 1)}
                  </Avatar>
                </Badge>
              </Badge>
              <span className={styles.contactText}>
                <span className={styles.contactTop}>
                  <span
                    className={styles.contactName}
                    title={contact.displayName}
                  >
                    {contact.displayName}
                    {contact.is_group === 2 && (
                      <Tag color="blue" style={{ marginLeft: 6 }}>
                        {t("list.bot")}
                      </Tag>
                    )}
                  </span>
                  {section === "messages" && contact.lastContent !== "" && (
                    <span className={styles.contactTime}>
                      {formatListTime(contact.lastSendTime, now, locale, {
                        yesterday: t("time.yesterday"),
                      })}
                    </span>
                  )}
                </span>
                <span className={styles.contactPreview}>
                  {section === "messages"
                    ? htmlToText(contact.lastContent)
                    : (contact.account ?? "")}
                </span>
              </span>
            </button>
          );
        })}
      </div>
    </aside>
  );
}
