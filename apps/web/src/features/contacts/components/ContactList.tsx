import { SearchOutlined } from "@ant-design/icons";
import { type Contact, isLanguage, Limits } from "@parley/protocol";
import { Avatar, Badge, Empty, Input, Segmented, Tag } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { LANGUAGE_TAGS } from "../../../i18n";
import { htmlToText } from "../../../lib/html-text";
import { formatListTime } from "../../../lib/time";
import styles from "./ContactList.module.css";

/** What the list shows: the chats, or the directory of contacts. */
export type ContactSection = "messages" | "contacts";
/** The chats' tabs (SPEC §2). */
export type ContactTab = "all" | "unread" | "at";

/** Pinned first, then by last send time (SPEC §2). */
export function sortContacts(list: readonly Contact[]): Contact[] {
  return [...list].sort(
    (a, b) => b.is_top - a.is_top || b.lastSendTime - a.lastSendTime,
  );
}

/** The contacts a section and tab show, matching the search. */
export function visibleContacts(
  list: readonly Contact[],
  section: ContactSection,
  tab: ContactTab,
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
  /** The list's accessible name: what the side menu calls the section. */
  label: string;
  section: ContactSection;
  tab: ContactTab;
  search: string;
  openContactId: number | null;
  onTabChange: (tab: ContactTab) => void;
  onSearchChange: (search: string) => void;
  onOpen: (contact: Contact) => void;
}

/** The middle column: search, tabs, and the chats or the directory. */
export function ContactList({
  contacts,
  loading,
  showOnline,
  label,
  section,
  tab,
  search,
  openContactId,
  onTabChange,
  onSearchChange,
  onOpen,
}: Props) {
  const { t, i18n } = useTranslation("contacts");
  const shown = useMemo(
    () => visibleContacts(contacts, section, tab, search),
    [contacts, section, tab, search],
  );
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();

  return (
    <aside className={styles.list} aria-label={label}>
      <div className={styles.listHeader}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("search")}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          aria-label={t("search")}
        />
        {section === "messages" && (
          <Segmented<ContactTab>
            block
            size="small"
            value={tab}
            onChange={(value) => onTabChange(value)}
            options={[
              { label: t("all"), value: "all" },
              { label: t("unread"), value: "unread" },
              { label: t("at"), value: "at" },
            ]}
            style={{ marginTop: 10 }}
          />
        )}
      </div>
      <div className={styles.listBody}>
        {!loading && shown.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(section === "messages" ? "noChats" : "noContacts")}
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
                        {t("bot")}
                      </Tag>
                    )}
                  </span>
                  {section === "messages" && contact.lastContent !== "" && (
                    <span className={styles.contactTime}>
                      {formatListTime(contact.lastSendTime, now, locale, {
                        yesterday: t("common:time.yesterday"),
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
