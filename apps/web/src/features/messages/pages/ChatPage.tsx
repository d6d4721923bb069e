import { CommentOutlined } from "@ant-design/icons";
import type { Contact } from "@parley/protocol";
import { Empty } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { realtime } from "../../../api/socket";
import { useConnectionStore } from "../../../stores/connection.store";
import { ContactList, useContactsQuery, useUnreadTotal } from "../../contacts";
import { useGlobalConfig } from "../../system";
import { useChatUiStore } from "../chat-ui.store";
import styles from "../components/chat.module.css";
import { ChatNav } from "../components/ChatNav";
import { Conversation } from "../components/Conversation";
import { NoConnectionBanner } from "../components/NoConnectionBanner";

/** The chat screen (SPEC §2): side menu, contact list, the open chat. */
export function ChatPage() {
  const { t } = useTranslation("messages");
  const contacts = useContactsQuery();
  const unread = useUnreadTotal();
  const status = useConnectionStore((s) => s.status);
  const attempting = useConnectionStore((s) => s.attempting);
  const showOnline = useGlobalConfig()?.chatInfo.online !== "0";
  const { openContactId, open, section, tab, search, setTab, setSearch } =
    useChatUiStore();
  const refetchContacts = contacts.refetch;

  // The directory grows as people register: opening it fetches it afresh.
  useEffect(() => {
    if (section === "contacts") void refetchContacts();
  }, [section, refetchContacts]);
  const list = contacts.data ?? [];
  const current = list.find((c) => c.id === openContactId);

  const openContact = (contact: Contact) => {
    if (typeof contact.id === "number") open(contact.id);
  };

  return (
    <div className={styles.shell}>
      <div className={styles.window}>
        <ChatNav unread={unread} />
        <ContactList
          contacts={list}
          loading={contacts.isLoading}
          showOnline={showOnline}
          label={t(section === "messages" ? "nav.messages" : "nav.contacts")}
          section={section}
          tab={tab}
          search={search}
          openContactId={openContactId}
          onTabChange={setTab}
          onSearchChange={setSearch}
          onOpen={openContact}
        />
        <div className={styles.conversation}>
          {status === "down" && (
            <div className={styles.banner}>
              <NoConnectionBanner
                connecting={attempting}
                onReconnect={() => realtime.reconnect()}
              />
            </div>
          )}
          {current ? (
            <Conversation
              key={String(current.id)}
              contact={current}
              showOnline={showOnline}
            />
          ) : (
            <div className={styles.empty}>
              <Empty
                image={
                  <CommentOutlined style={{ fontSize: 56, color: "#c0c4cc" }} />
                }
                description={t("empty")}
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
