import { clsx } from "clsx";
import {
  can,
  type Contact,
  type ContactId,
  Limits,
  NOTICE_CONTACT_ID,
} from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { realtime } from "../../api/socket";
import {
  ContactList,
  hasChat,
  isBuiltInEntry,
  isNoticesEntry,
  isSelfChat,
  putContact,
  QuickSwitcher,
  useContactsQuery,
  useUnreadTotal,
} from "../../features/contacts";
import { FavouritesPanel } from "../../features/favourites";
import { FileLibraryPanel } from "../../features/files";
import {
  AddFriendDialog,
  FriendRequestsDialog,
  UserCardButton,
} from "../../features/friends";
import { BrowseGroupsDialog, MemberPickerDialog } from "../../features/groups";
import {
  ChatNav,
  ChatStart,
  type ChatStartKind,
  chatLayout,
  Conversation,
  NoConnectionBanner,
  NoticesPane,
  ThreadsView,
  useChatFromNotification,
} from "../../features/messages";
import { ReportDialog } from "../../features/reports";
import { NotificationOffer } from "../../features/settings";
import { useActor, useGlobalConfig } from "../../features/system";
import { useModKey } from "../../hooks/useModKey";
import { useWindowWidth } from "../../hooks/useWindowWidth";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { useConnectionStore } from "../../stores/connection.store";
import { useFriendsUiStore } from "../../stores/friends-ui.store";
import styles from "./ChatPage.module.css";

/** The chat a history entry holds: a phone pushes one when it opens a chat. */
function chatInHistory(state: unknown): ContactId | null {
  if (typeof state !== "object" || state === null || !("chat" in state))
    return null;
  const chat = state.chat;
  return typeof chat === "number" ||
    (typeof chat === "string" &&
      (chat.startsWith("group-") || chat === NOTICE_CONTACT_ID))
    ? chat
    : null;
}

/**
 * The chat screen (SPEC §2): side menu, contact list, the open chat. On a phone one pane
 * at a time: opening a chat pushes a history entry, so the browser's Back (or the title
 * bar's) returns to the list; the open chat itself lives in the chat-ui store.
 * `embedded`: inside a dialog (the console's and the demo page's chat), filling it.
 */
export function ChatPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation("messages");
  const contacts = useContactsQuery();
  const unread = useUnreadTotal();
  const status = useConnectionStore((s) => s.status);
  const attempting = useConnectionStore((s) => s.attempting);
  // Presence is known only while connected: offline, the dots would show a stale state.
  const config = useGlobalConfig();
  const actor = useActor();
  const client = useQueryClient();
  const showOnline = config?.chatInfo.online !== "0" && status === "open";
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  // Public groups (issue 45): browsed and joined unless the console turned them off.
  const publicGroups =
    config !== undefined &&
    config.chatInfo.groupChat !== "0" &&
    config.chatInfo.publicGroups !== "0";
  const openAddFriend = useFriendsUiStore((s) => s.openAddFriend);
  const mayCreateGroup =
    config !== undefined && can(actor, "group.create", { config });
  // Run mode 2: people become friends before they chat (SPEC §2).
  const friendMode =
    config !== undefined && can(actor, "friends.manage", { config });
  const {
    pane,
    openContactId,
    open,
    section,
    tab,
    search,
    setSection,
    setTab,
    setSearch,
  } = useChatUiStore();
  const refetchContacts = contacts.refetch;
  useChatFromNotification(open);
  // The unread total in the tab's title, so a background tab says there is news (issue 11).
  const siteName = config?.sysInfo.name || "Parley";
  useEffect(() => {
    document.title =
      unread > 0
        ? `(${unread > Limits.unreadBadgeMax ? `${Limits.unreadBadgeMax}+` : unread}) ${siteName}`
        : siteName;
  }, [unread, siteName]);
  const width = useWindowWidth();
  const location = useLocation();
  const navigate = useNavigate();
  const [switcherOpen, setSwitcherOpen] = useState(false);
  // The words the search box opens with (the list's "Search messages for …").
  const [switcherQuery, setSwitcherQuery] = useState("");
  useModKey(
    "k",
    useCallback(() => {
      setSwitcherQuery("");
      setSwitcherOpen((shown) => !shown);
    }, []),
  );

  // The directory grows as people register: opening it fetches it afresh.
  useEffect(() => {
    if (section === "contacts") void refetchContacts();
  }, [section, refetchContacts]);
  const list = contacts.data ?? [];
  const current = list.find((c) => c.id === openContactId);
  // A chat is open on screen only in the chats pane: over files or favourites a phone
  // keeps its menu bar (the way back).
  const layout = chatLayout(width, pane === "chats" && current !== undefined);
  const phone = layout.mode === "phone";
  const pushed = chatInHistory(location.state);

  // Back and Forward move between the list and a chat. On arrival an entry holding a chat
  // restores it (a reload on a phone); one without leaves the store's open chat alone.
  const seenKey = useRef<string | null>(null);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    const arriving = seenKey.current === null;
    seenKey.current = location.key;
    const wanted = chatInHistory(location.state);
    if (arriving && wanted === null) return;
    if (useChatUiStore.getState().openContactId !== wanted) open(wanted);
  }, [location.key, location.state, open]);

  const openContact = (contact: Contact) => {
    // People, groups, the chat with myself and the notices entry open; the friend-request
    // entry has its panel.
    if (
      contact.is_group > 1 &&
      !isNoticesEntry(contact) &&
      !isSelfChat(contact)
    )
      return;
    if (!phone) {
      open(contact.id);
      return;
    }
    // On a phone the history entry opens the chat (the effect above), so the chat is on
    // screen only once its entry is: a Back pressed at once always leads to the list.
    void navigate(
      { pathname: location.pathname, search: location.search },
      // A chat opened from a chat replaces it: Back still leads to the list.
      { state: { chat: contact.id }, replace: pushed !== null },
    );
  };
  const backToList = () => {
    if (pushed !== null) void navigate(-1);
    else open(null);
  };

  const banner = status === "down" && (
    <div className={styles.banner}>
      <NoConnectionBanner
        connecting={attempting}
        onReconnect={() => realtime.reconnect()}
      />
    </div>
  );
  // The system's entries (friend requests, notices) are nobody to talk to.
  const people = list.filter((c) => !isBuiltInEntry(c));
  const startKind: ChatStartKind =
    people.length === 0 ? "nobody" : people.some(hasChat) ? "pick" : "noChats";

  return (
    // data-connection: the realtime channel's state, for styles and the browser tests.
    <div
      className={clsx(styles.shell, embedded && styles.shellEmbedded)}
      data-connection={status}
    >
      <div
        className={[
          styles.window,
          phone ? styles.windowPhone : "",
          embedded ? styles.windowEmbedded : "",
        ].join(" ")}
      >
        {(layout.nav === "labelled" || layout.nav === "icons") && (
          <ChatNav unread={unread} kind={layout.nav} />
        )}
        {pane === "files" && (
          <div className={styles.pane}>
            <FileLibraryPanel />
          </div>
        )}
        {pane === "favourites" && (
          <div className={styles.pane}>
            <FavouritesPanel />
          </div>
        )}
        {pane === "threads" && (
          <div className={styles.pane}>
            <ThreadsView />
          </div>
        )}
        {pane === "chats" && phone && layout.list && banner}
        {pane === "chats" && layout.list && (
          <ContactList
            notice={<NotificationOffer />}
            contacts={list}
            loading={contacts.isLoading}
            showOnline={showOnline}
            label={t(section === "messages" ? "nav.messages" : "nav.contacts")}
            section={section}
            tab={tab}
            search={search}
            openContactId={openContactId}
            phone={phone}
            onTabChange={setTab}
            onSearchChange={setSearch}
            onOpen={openContact}
            onQuickSwitch={(query = "") => {
              setSwitcherQuery(query);
              setSwitcherOpen(true);
            }}
            onCreateGroup={mayCreateGroup ? () => setCreating(true) : undefined}
            onBrowseGroups={publicGroups ? () => setBrowsing(true) : undefined}
            onBrowse={() => setSection("contacts")}
            onAddFriend={friendMode ? openAddFriend : undefined}
            PersonCardButton={UserCardButton}
          />
        )}
        {pane === "chats" && layout.conversation && (
          <div className={styles.pane}>
            {banner}
            {current && isNoticesEntry(current) ? (
              <NoticesPane
                contact={current}
                onBack={phone ? backToList : undefined}
              />
            ) : current ? (
              <Conversation
                key={String(current.id)}
                contact={current}
                showOnline={showOnline}
                onBack={phone ? backToList : undefined}
              />
            ) : (
              !contacts.isLoading && (
                <ChatStart
                  kind={startKind}
                  onFind={() => {
                    setSwitcherQuery("");
                    setSwitcherOpen(true);
                  }}
                  onBrowse={() => setSection("contacts")}
                  onAddFriend={friendMode ? openAddFriend : undefined}
                />
              )
            )}
          </div>
        )}
        {layout.nav === "bar" && <ChatNav unread={unread} kind="bar" />}
      </div>
      <MemberPickerDialog
        target={creating ? { mode: "create" } : null}
        groupUserMax={Number(config?.chatInfo.groupUserMax ?? 0) || 0}
        onClose={() => setCreating(false)}
        onCreated={(contact) => {
          putContact(client, contact);
          openContact(contact);
        }}
      />
      <BrowseGroupsDialog
        open={browsing}
        onClose={() => setBrowsing(false)}
        onOpen={(id, joined) => {
          const contact = joined ?? list.find((c) => c.id === id);
          if (contact) openContact(contact);
        }}
      />
      <ReportDialog />
      {friendMode && (
        <>
          <FriendRequestsDialog />
          <AddFriendDialog />
        </>
      )}
      <QuickSwitcher
        open={switcherOpen}
        initialQuery={switcherQuery}
        contacts={list}
        showOnline={showOnline}
        onClose={() => setSwitcherOpen(false)}
        onOpen={openContact}
      />
    </div>
  );
}
