import type { Contact } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useSessionStore } from "../../../stores/session.store";
import { updateContact } from "../../contacts";
import { useMessagesQuery, useSendMessageMutation } from "../messages.queries";
import { useOutboxStore } from "../outbox.store";
import styles from "./chat.module.css";
import { chatItems } from "./chat-items";
import { Editor } from "./Editor";
import { MessageList } from "./MessageList";

/** The open chat: title, messages, editor. */
export function Conversation({
  contact,
  showOnline,
}: {
  contact: Contact;
  showOnline: boolean;
}) {
  const client = useQueryClient();
  const contactId = Number(contact.id);
  const user = useSessionStore((s) => s.user);
  const messages = useMessagesQuery(contactId);
  const outbox = useOutboxStore((s) => s.entries);
  const send = useSendMessageMutation(client);

  // Opening the chat reads its first page, which marks it read on the server.
  useEffect(() => {
    if (messages.isSuccess)
      updateContact(client, contactId, (c) => ({ ...c, unread: 0 }));
  }, [client, contactId, messages.isSuccess, messages.dataUpdatedAt]);

  const pages = messages.data?.pages;
  const items = useMemo(
    () =>
      chatItems(
        pages ?? [],
        outbox.filter((e) => e.contactId === contactId),
        {
          id: user?.user_id ?? 0,
          avatar: user?.avatar ?? "",
          name: user?.realname ?? "",
        },
      ),
    [pages, outbox, contactId, user],
  );
  const olderCount = (pages ?? [])
    .slice(1)
    .reduce((n, page) => n + page.length, 0);

  return (
    <section className={styles.conversation} aria-label={contact.displayName}>
      <header className={styles.title}>
        {showOnline && (
          <span
            className={contact.is_online ? styles.onlineDot : styles.offlineDot}
          />
        )}
        <span className={styles.titleName} title={contact.displayName}>
          {contact.displayName}
        </span>
      </header>
      <MessageList
        key={contactId}
        items={items}
        olderCount={olderCount}
        loadingOlder={messages.isFetchingNextPage}
        hasOlder={messages.hasNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
        onResend={(item) => {
          if (item.pending)
            send.mutate({
              id: item.pending.id,
              contactId,
              content: item.pending.content,
            });
        }}
      />
      <Editor
        contactId={contactId}
        sendKey={user?.setting.sendKey ?? 1}
        onSend={(text) =>
          send.mutate({ id: crypto.randomUUID(), contactId, content: text })
        }
      />
    </section>
  );
}
