import { SearchOutlined } from "@ant-design/icons";
import { type Contact, type FoundUser } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Empty, Input, type InputRef, Modal } from "antd";
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import { useMessageSearch } from "../../search";
import { fetchPersonContact } from "../contacts.queries";
import { directoryLine, lastMessagePreview } from "../contact-preview";
import { hasChat, normalize, searchSections } from "../contact-search";
import { usePinyinIndex } from "../contacts.pinyin";
import { isSystemEntry } from "../system-entry";
import { ContactRow } from "./ContactRow";
import styles from "./QuickSwitcher.module.css";

/** The most results the switcher lists: a name or two more letters narrow the rest. */
const MAX_RESULTS = 50;
/**
 * Someone the directory found who is not in my list (registered since the list was read):
 * a row like a contact's, whose chat opens once the server gives their contact row.
 */
function foundAsContact(user: FoundUser): Contact {
  return {
    id: user.user_id,
    displayName: user.displayName || user.realname,
    avatar: user.avatar,
    account: user.account,
    name_py: user.name_py,
    index: "",
    is_group: 0,
    lastContent: "",
    lastSendTime: 0,
    unread: 0,
    is_top: 0,
    is_notice: 1,
    is_at: 0,
    is_online: 0,
    setting: {},
  };
}

export interface QuickSwitcherProps {
  open: boolean;
  /** The words the box opens with (the list's "Search messages for …"). */
  initialQuery?: string;
  contacts: readonly Contact[];
  showOnline: boolean;
  onClose: () => void;
  onOpen: (contact: Contact) => void;
}

/**
 * The quick switcher (Ctrl+K / ⌘K): one search box over every chat, person and group,
 * arrow keys and Enter to open, Esc to close (issue 15, fault 6).
 */
export function QuickSwitcher({
  open,
  initialQuery = "",
  contacts,
  showOnline,
  onClose,
  onOpen,
}: QuickSwitcherProps) {
  const { t } = useTranslation("contacts");
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("switcher.title")}
      width={560}
      style={{ top: 72 }}
      destroyOnHidden
      className={styles.modal}
    >
      <SwitcherBody
        initialQuery={initialQuery}
        contacts={contacts}
        showOnline={showOnline}
        onDone={onClose}
        onOpen={(contact) => {
          onClose();
          // The friend-request entry opens its panel, not a chat.
          if (isSystemEntry(contact))
            useFriendsUiStore.getState().openRequests();
          else onOpen(contact);
        }}
      />
    </Modal>
  );
}

/** The box and the results; mounted afresh each time the switcher opens. */
function SwitcherBody({
  initialQuery = "",
  contacts,
  showOnline,
  onOpen,
  onDone,
}: Omit<QuickSwitcherProps, "open" | "onClose"> & { onDone: () => void }) {
  const { t } = useTranslation("contacts");
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const pinyin = usePinyinIndex(contacts, query);
  const sections = useMemo(() => {
    const found = searchSections(contacts, query, pinyin);
    const chats = found.chats.slice(0, MAX_RESULTS);
    const people = found.people.slice(0, MAX_RESULTS - chats.length);
    const groups = found.groups.slice(
      0,
      MAX_RESULTS - chats.length - people.length,
    );
    // Each section knows the index of its first option, for the arrow keys.
    return [
      { title: t("sections.chats"), items: chats, first: 0 },
      { title: t("sections.people"), items: people, first: chats.length },
      {
        title: t("sections.groups"),
        items: groups,
        first: chats.length + people.length,
      },
    ].filter((section) => section.items.length > 0);
  }, [contacts, query, pinyin, t]);
  const search = useMessageSearch(query, contacts, onOpen, onDone);
  const held = useMemo(() => new Set(contacts.map((c) => c.id)), [contacts]);
  // Others in the directory: only when nothing of mine matches (issue 51 item 15).
  const localMatches = sections.reduce((n, s) => n + s.items.length, 0);
  const directory =
    localMatches > 0
      ? []
      : search.people
          .filter((user) => !held.has(user.user_id))
          .map(foundAsContact);
  const named = search.showNames
    ? directory.length > 0
      ? [
          ...sections,
          {
            title: t("sections.directory"),
            items: directory,
            first: localMatches,
          },
        ]
      : sections
    : [];
  const client = useQueryClient();
  // Someone from the directory: their contact row first (as the user card does), then the chat.
  const choose = (contact: Contact) => {
    if (!directory.includes(contact)) {
      onOpen(contact);
      return;
    }
    fetchPersonContact(client, Number(contact.id)).then(
      onOpen,
      () => undefined,
    );
  };
  const contactCount = named.reduce((n, s) => n + s.items.length, 0);
  // The arrow keys go through the names first, then what the server found.
  const flat: { key: string; choose: () => void }[] = [
    ...named.flatMap((section) =>
      section.items.map((contact) => ({
        key: `c${String(contact.id)}`,
        choose: () => choose(contact),
      })),
    ),
    ...search.sections.flatMap((section) => section.items),
  ];
  const current = Math.min(active, Math.max(flat.length - 1, 0));
  const baseId = useId();
  const input = useRef<InputRef>(null);
  // The box takes the keys at once, even when the switcher opens from the editor. The
  // dialog's portal joins the page after this mounts, so the focus waits for it.
  useEffect(() => {
    let frame = 0;
    const focus = () => {
      const box = input.current?.input;
      if (box?.isConnected) box.focus();
      else frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, []);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    document
      .getElementById(optionId(current))
      ?.scrollIntoView({ block: "nearest" });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + flat.length) % flat.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      flat[current]?.choose();
    }
  };

  return (
    <div>
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t("switcher.placeholder")}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t("switcher.title")}
        aria-expanded={flat.length > 0}
        aria-controls={`${baseId}-list`}
        aria-autocomplete="list"
        aria-activedescendant={flat.length > 0 ? optionId(current) : undefined}
      />
      {search.bar}
      <div
        id={`${baseId}-list`}
        role="listbox"
        aria-label={t("switcher.results")}
        className={styles.results}
      >
        {flat.length === 0 && !search.footer && normalize(query) !== "" && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t("noMatch", { query: query.trim() })}
          />
        )}
        {named.map((section) => (
          <div key={section.title} role="group" aria-label={section.title}>
            <div className={styles.heading} aria-hidden="true">
              {section.title}
            </div>
            {section.items.map((contact, offset) => {
              const mine = section.first + offset;
              const chat = hasChat(contact);
              return (
                <div
                  key={String(contact.id)}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={mine === current}
                  className={
                    mine === current ? styles.optionActive : styles.option
                  }
                  onMouseMove={() => {
                    if (mine !== current) setActive(mine);
                  }}
                  onClick={() => choose(contact)}
                >
                  <ContactRow
                    contact={contact}
                    showOnline={showOnline}
                    unread={chat ? contact.unread : 0}
                    preview={
                      chat
                        ? lastMessagePreview(contact, (key, options) =>
                            t(key, options),
                          )
                        : directoryLine(contact, (key, options) =>
                            t(key, options),
                          )
                    }
                  />
                </div>
              );
            })}
          </div>
        ))}
        {
          search.sections.reduce<{ at: number; nodes: ReactNode[] }>(
            ({ at, nodes }, section) => ({
              at: at + section.items.length,
              nodes: [
                ...nodes,
                <div
                  key={section.title}
                  role="group"
                  aria-label={section.title}
                >
                  <div className={styles.heading} aria-hidden="true">
                    {section.title}
                  </div>
                  {section.items.map((item, offset) => {
                    const mine = at + offset;
                    return (
                      <div
                        key={item.key}
                        id={optionId(mine)}
                        role="option"
                        aria-selected={mine === current}
                        className={
                          mine === current ? styles.optionActive : styles.option
                        }
                        onMouseMove={() => {
                          if (mine !== current) setActive(mine);
                        }}
                        onClick={item.choose}
                      >
                        {item.render()}
                      </div>
                    );
                  })}
                </div>,
              ],
            }),
            { at: contactCount, nodes: [] },
          ).nodes
        }
        {search.footer}
      </div>
      <div className={styles.help}>{t("switcher.help")}</div>
    </div>
  );
}
