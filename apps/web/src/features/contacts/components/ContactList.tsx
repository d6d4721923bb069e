import { clsx } from "clsx";
import {
  BellOutlined,
  IdcardOutlined,
  PushpinOutlined,
  SearchOutlined,
  TeamOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import {
  can,
  type Contact,
  type ContactId,
  isLanguage,
} from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Input, Tooltip } from "antd";
import { CountBadge } from "../../../components/CountBadge";
import { lazyPart } from "../../../lib/lazy-parts";
import { type ComponentType, type ReactNode, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LazyDropdown } from "../../../components/LazyDropdown";
import { modKeyLabel } from "../../../hooks/useModKey";
import { useSessionStore } from "../../../stores/session.store";
import { useNow } from "../../../hooks/useNow";
import { LANGUAGE_TAGS } from "../../../i18n";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import { useActor, useGlobalConfig } from "../../system";
import { setChatNotice, setChatTop } from "../chat-settings";
import { directoryLine, lastMessagePreview } from "../contact-preview";
import { formatListTime } from "../../../lib/time";
import {
  chatsOfTab,
  type ContactSection,
  type ContactTab,
  directory,
  normalize,
  rankContacts,
  searchSections,
} from "../contact-search";
import { usePinyinIndex } from "../contacts.pinyin";
import {
  isBuiltInEntry,
  isNoticesEntry,
  isSelfChat,
  isSystemEntry,
} from "../system-entry";
import { ContactRow } from "./ContactRow";
import { PlusMenu } from "./PlusMenu";
import styles from "./ContactList.module.css";

/**
 * "Nothing here" with antd's picture, which comes when first needed (no match, nobody in
 * the directory): the chat screen's first download keeps to its budget (issue 43). Until
 * then the words alone.
 */
const EmptyNote = lazyPart<{ description: string }>(
  () =>
    import("antd/es/empty").then(
      ({ default: Empty }) =>
        function EmptyNote({ description }: { description: string }) {
          return (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={description}
            />
          );
        },
    ),
  ({ description }) => <p className={styles.emptyNote}>{description}</p>,
);

/** What the list needs of a button that opens a person's card (the friends feature's). */
export interface PersonCardButtonProps {
  userId: number;
  name: string;
  avatar: string;
  className?: string | undefined;
  children: ReactNode;
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
  openContactId: ContactId | null;
  /** On a phone the list fills the screen and its controls are sized for touch. */
  phone: boolean;
  onTabChange: (tab: ContactTab) => void;
  onSearchChange: (search: string) => void;
  onOpen: (contact: Contact) => void;
  /** Opens the quick switcher (Ctrl+K). */
  /** Opens the search box, with these words when given. */
  onQuickSwitch: (query?: string) => void;
  /** The plus menu's "create group", when group chat is on (SPEC §2). */
  onCreateGroup?: (() => void) | undefined;
  /** The plus menu's "browse groups": the directory of public groups (issue 45). */
  onBrowseGroups?: (() => void) | undefined;
  /** Shows the directory (Contacts): where people are, for a user with no chats. */
  onBrowse?: (() => void) | undefined;
  /** Run mode 2: adding a friend is how a chat starts. */
  onAddFriend?: (() => void) | undefined;
  /** A line above the list (the offer to turn on notifications). */
  notice?: ReactNode;
  /** The button beside a person in the directory that opens their card. */
  PersonCardButton: ComponentType<PersonCardButtonProps>;
}

/** A titled group of search results. */
function ResultSection({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className={styles.sectionHeading}>
        {title}
      </div>
      {children}
    </div>
  );
}

/**
 * The middle column: search, tabs, and the chats or the directory. A search in the
 * Messages tab finds everyone the user may chat with, in sections (issue 15, fault 6).
 */
export function ContactList({
  contacts,
  loading,
  showOnline,
  label,
  section,
  tab,
  search,
  openContactId,
  phone,
  onTabChange,
  onSearchChange,
  onOpen,
  onQuickSwitch,
  onCreateGroup,
  onBrowseGroups,
  onBrowse,
  onAddFriend,
  notice,
  PersonCardButton,
}: Props) {
  const { t, i18n } = useTranslation("contacts");
  const searching = normalize(search) !== "";
  const pinyin = usePinyinIndex(contacts, search);
  const found = useMemo(
    () =>
      searching && section === "messages"
        ? searchSections(contacts, search, pinyin)
        : null,
    [contacts, search, pinyin, searching, section],
  );
  const shown = useMemo(() => {
    if (section === "messages") {
      const chats = chatsOfTab(contacts, tab);
      // A chat opened from the contacts with nothing in it yet is listed while it is open,
      // never "No chats yet" beside it (issue 51 item 18).
      if (
        tab === "all" &&
        openContactId !== null &&
        !chats.some((c) => c.id === openContactId)
      ) {
        const open = contacts.find((c) => c.id === openContactId);
        if (open) return [open, ...chats];
      }
      return chats;
    }
    const all = directory(contacts);
    return searching ? rankContacts(all, search, pinyin) : all;
  }, [contacts, section, tab, search, pinyin, searching, openContactId]);
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const now = useNow();
  const keys = modKeyLabel("K");
  const atMe = contacts.reduce((n, c) => n + (c.is_at > 0 ? 1 : 0), 0);
  const config = useGlobalConfig();
  const actor = useActor();
  const friendMode =
    config !== undefined && can(actor, "friends.manage", { config });
  const openRequests = useFriendsUiStore((s) => s.openRequests);
  const client = useQueryClient();

  /** A chat's menu (right click): pin and do-not-disturb, never for the system entry. */
  const chatMenu = (contact: Contact) => ({
    items: [
      {
        key: "top",
        icon: <PushpinOutlined />,
        label: t(contact.is_top === 1 ? "menu.unpin" : "menu.pin"),
        onClick: () =>
          void setChatTop(client, contact, contact.is_top === 1 ? 0 : 1).catch(
            () => undefined,
          ),
      },
      {
        key: "notice",
        icon: <BellOutlined />,
        label: t(contact.is_notice === 0 ? "menu.unmute" : "menu.mute"),
        onClick: () =>
          void setChatNotice(
            client,
            contact,
            contact.is_notice === 0 ? 1 : 0,
          ).catch(() => undefined),
      },
    ],
  });

  const meId = useSessionStore((s) => s.user?.user_id ?? 0);
  const row = (contact: Contact, asChat: boolean) => {
    const active = contact.id === openContactId;
    const className = active ? styles.contactActive : styles.contact;
    const button = (
      <button
        key={String(contact.id)}
        type="button"
        className={clsx(
          className,
          contact.is_top && asChat && !active && styles.contactPinned,
        )}
        // The friend-request entry opens its panel; everything else its chat.
        onClick={() =>
          isSystemEntry(contact) ? openRequests() : onOpen(contact)
        }
        aria-current={active ? "true" : undefined}
        data-testid="contact"
      >
        <ContactRow
          contact={contact}
          showOnline={showOnline}
          unread={asChat ? contact.unread : 0}
          time={
            asChat && contact.lastContent !== "" && contact.lastSendTime > 0
              ? formatListTime(contact.lastSendTime, now, locale, {
                  yesterday: t("common:time.yesterday"),
                })
              : undefined
          }
          preview={
            asChat
              ? lastMessagePreview(
                  contact,
                  (key, options) => t(key, options),
                  meId,
                )
              : directoryLine(contact, (key, options) => t(key, options))
          }
          draft={asChat && !active ? contact.draft : undefined}
          chatMarks={asChat}
        />
      </button>
    );
    // People, groups and the chat with myself can be pinned and muted.
    if (
      asChat &&
      ((!isBuiltInEntry(contact) && contact.is_group <= 1) ||
        isSelfChat(contact))
    )
      return (
        <LazyDropdown
          key={String(contact.id)}
          trigger={["contextMenu"]}
          menu={chatMenu(contact)}
        >
          {button}
        </LazyDropdown>
      );
    // A person in the directory: their card is one click away, beside the row.
    if (asChat || contact.is_group !== 0 || typeof contact.id !== "number")
      return button;
    return (
      <div key={String(contact.id)} className={styles.contactWithCard}>
        {button}
        <PersonCardButton
          userId={contact.id}
          name={contact.displayName}
          avatar={contact.avatar}
          className={styles.cardButton}
        >
          <IdcardOutlined />
        </PersonCardButton>
      </div>
    );
  };

  const noMatch = (
    <EmptyNote description={t("noMatch", { query: search.trim() })} />
  );

  // No chats yet: say how to start one rather than show an empty list.
  const noChatsYet = (
    <div className={styles.emptyBox}>
      <span>
        {t(
          tab === "unread"
            ? "noUnread"
            : tab === "at"
              ? "noMentions"
              : "noChats",
        )}
      </span>
      {tab === "all" && (
        <>
          <span className={styles.emptyHint}>{t("whereArePeople")}</span>
          <div className={styles.emptyActions}>
            {contacts.length > 0 && (
              <Button
                type="primary"
                size={phone ? "large" : "middle"}
                onClick={() => onQuickSwitch()}
              >
                {t("startChat")}
              </Button>
            )}
            {onBrowse && (
              <Button
                icon={<TeamOutlined />}
                size={phone ? "large" : "middle"}
                onClick={onBrowse}
              >
                {t("openContacts")}
              </Button>
            )}
            {onAddFriend && (
              <Button
                icon={<UserAddOutlined />}
                size={phone ? "large" : "middle"}
                onClick={onAddFriend}
              >
                {t("plus.addFriend")}
              </Button>
            )}
            {onCreateGroup && (
              <Button
                icon={<UsergroupAddOutlined />}
                size={phone ? "large" : "middle"}
                onClick={onCreateGroup}
              >
                {t("plus.createGroup")}
              </Button>
            )}
            {onBrowseGroups && (
              <Button
                icon={<SearchOutlined />}
                size={phone ? "large" : "middle"}
                onClick={onBrowseGroups}
              >
                {t("plus.browseGroups")}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );

  // The words searched everywhere (issue 45): the search box with them, messages too.
  const everywhere = (
    <button
      type="button"
      className={styles.searchEverywhere}
      onClick={() => onQuickSwitch(search.trim())}
    >
      <SearchOutlined />
      <span>{t("searchMessages", { query: search.trim() })}</span>
    </button>
  );

  let body: ReactNode;
  if (loading) body = null;
  else if (found) {
    body =
      found.chats.length + found.people.length + found.groups.length === 0 ? (
        <>
          {everywhere}
          {noMatch}
        </>
      ) : (
        <>
          {everywhere}
          {found.chats.length > 0 && (
            <ResultSection title={t("sections.chats")}>
              {found.chats.map((c) => row(c, true))}
            </ResultSection>
          )}
          {found.people.length > 0 && (
            <ResultSection title={t("sections.people")}>
              {found.people.map((c) => row(c, false))}
            </ResultSection>
          )}
          {found.groups.length > 0 && (
            <ResultSection title={t("sections.groups")}>
              {found.groups.map((c) => row(c, false))}
            </ResultSection>
          )}
        </>
      );
  } else if (section === "contacts" && !searching && shown.length > 0) {
    // The directory in two parts: my groups, then people, each A to Z; the friend-request
    // entry (run mode 2) and the notices entry (once there is a notice) above them,
    // counted as neither.
    const entries = shown.filter(
      (c) =>
        isSystemEntry(c) ||
        isSelfChat(c) ||
        (isNoticesEntry(c) && c.lastSendTime > 0),
    );
    const groups = shown.filter((c) => c.is_group === 1);
    const people = shown.filter((c) => c.is_group !== 1 && !isBuiltInEntry(c));
    body = (
      <>
        {entries.map((c) => row(c, true))}
        {groups.length > 0 && (
          <ResultSection
            title={t("sections.groupsCount", { count: groups.length })}
          >
            {groups.map((c) => row(c, false))}
          </ResultSection>
        )}
        {people.length > 0 && (
          <ResultSection
            title={t("sections.peopleCount", { count: people.length })}
          >
            {people.map((c) => row(c, false))}
          </ResultSection>
        )}
      </>
    );
  } else if (shown.length > 0) {
    const rows = shown.map((c) => row(c, section === "messages"));
    // Only the system's entries (run mode 2 always lists the friend requests'): the way to
    // start a chat under them, as on an empty list, which a phone shows alone.
    body =
      section === "messages" && tab === "all" && shown.every(isBuiltInEntry) ? (
        <>
          {rows}
          {noChatsYet}
        </>
      ) : (
        rows
      );
  } else if (section === "contacts") {
    body = searching ? noMatch : <EmptyNote description={t("noContacts")} />;
  } else {
    body = noChatsYet;
  }

  return (
    <aside className={phone ? styles.listFill : styles.list} aria-label={label}>
      <div className={styles.listHeader}>
        <div className={styles.searchRow}>
          <Input
            allowClear
            size={phone ? "large" : "middle"}
            prefix={<SearchOutlined />}
            // The Ctrl+K hint makes way for the clear button; the suffix stays so the box keeps focus.
            suffix={
              phone ? undefined : searching ? (
                <span />
              ) : (
                <Tooltip title={t("switcher.open", { keys })}>
                  <button
                    type="button"
                    className={styles.switcherHint}
                    onClick={() => onQuickSwitch()}
                    aria-label={t("switcher.open", { keys })}
                  >
                    {keys}
                  </button>
                </Tooltip>
              )
            }
            placeholder={t(
              section === "messages" ? "searchEveryone" : "search",
            )}
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            aria-label={t("search")}
          />
          <PlusMenu
            onCreateGroup={onCreateGroup}
            onBrowseGroups={onBrowseGroups}
            friendMode={friendMode}
            phone={phone}
          />
        </div>
        {section === "messages" && !searching && (
          <div
            role="radiogroup"
            aria-label={t("tabs")}
            className={phone ? styles.tabsLarge : styles.tabs}
          >
            {(["all", "unread", "at"] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={tab === value}
                className={tab === value ? styles.tabOn : styles.tab}
                onClick={() => onTabChange(value)}
              >
                {t(value)}
                {value === "at" && atMe > 0 && (
                  <span
                    role="status"
                    aria-label={t("atCount", { count: atMe })}
                  >
                    <CountBadge
                      count={atMe}
                      max={99}
                      className={styles.tabBadge}
                    />
                  </span>
                )}
              </button>
            ))}
          </div>
        )}
      </div>
      {section === "messages" && notice}
      <div className={styles.listBody}>{body}</div>
    </aside>
  );
}
