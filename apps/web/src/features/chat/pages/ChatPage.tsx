import { CommentOutlined } from "@ant-design/icons";
import type { Contact } from "@parley/protocol";
import { Empty } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { realtime } from "../../../api/socket";
import { useConnectionStore } from "../../../stores/connection.store";
import { useSessionStore } from "../../../stores/session.store";
import { useChatUiStore } from "../chat-ui.store";
import { useContactsQuery } from "../chat.queries";
import { useChatRealtime } from "../chat.realtime";
import styles from "../components/chat.module.css";
import { ChatNav } from "../components/ChatNav";
import { ContactList } from "../components/ContactList";
import { Conversation } from "../components/Conversation";
import { NoConnectionBanner } from "../components/NoConnectionBanner";

/** The chat screen (SPEC §2): side menu, contact list, the open chat. */
export function ChatPage() {
  const { t } = useTranslation("chat");
  useChatRealtime();
  const contacts = useContactsQuery();
  const status = useConnectionStore((s) => s.status);
  const showOnline = useSessionStore((s) => s.config?.chatInfo.online !== "0");
  const { openContactId, open, section } = useChatUiStore();
  const refetchContacts = contacts.refetch;

  // The directory grows as people register: opening it fetches it afresh.
  useEffect(() => {
    if (section === "contacts") void refetchContacts();
  }, [section, refetchContacts]);
  const list = contacts.data ?? [];
  const current = list.find((c) => c.id === openContactId);
  // The total badge counts chats that notify (SPEC wire-contract §5.2).
  const unread = list.reduce(
    (sum, c) => sum + (c.is_notice === 1 ? c.unread : 0),
    0,
  );

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
          onOpen={openContact}
        />
        <div className={styles.conversation}>
          {status === "down" && (
            <div className={styles.banner}>
              <NoConnectionBanner onReconnect={() => realtime.reconnect()} />
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
