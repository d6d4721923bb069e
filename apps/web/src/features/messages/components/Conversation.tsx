import type { Contact } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Spinner } from "../../../components/light/Spinner";
import { useTranslation } from "react-i18next";
import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import { useNow } from "../../../hooks/useNow";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { useSessionStore } from "../../../stores/session.store";
import { isSelfChat, updateContact } from "../../contacts";
import { CallButtons } from "../../calls";
import { UserCardButton } from "../../friends";
import { useUserCardQuery } from "../../people";
import { useGlobalConfig } from "../../system";
import {
  GroupPanel,
  GroupPanelDrawer,
  GroupTitle,
  groupNumber,
  ReadReceipt,
  useMentionCandidates,
  useSpeakBlock,
} from "../../groups";
import { editMessage, useMessagesQuery } from "../messages.queries";
import { sendText } from "../outbox";
import { useOutboxStore } from "../outbox.store";
import styles from "./chat.module.css";
import { chatItems, firstUnreadKey, unreadMissing } from "./chat-items";
import { blockedText, useChatFiles } from "./chat-sending";
import { DisbandedNotice } from "./DisbandedNotice";
import { Editor } from "./Editor";
import { HistoryPanel } from "../../history";
import {
  showStoredMessage,
  useChatUiStore,
} from "../../../stores/chat-ui.store";
import { useMessageMenu } from "./message-menu";
import { MessageList } from "./MessageList";
import { TypingLine } from "./TypingLine";
import { EphemeralNotes } from "./EphemeralNotes";
import toolbarStyles from "./toolbar.module.css";
import { loadNamespaceGroup } from "../../../i18n";
import { lazyDialog } from "../../../lib/lazy-parts";
import type { ThreadPanelProps } from "./threads/ThreadPanel";

/** A thread beside the chat: its code comes when the first thread is opened. */
const ThreadPanel = lazyDialog<ThreadPanelProps>(
  () =>
    Promise.all([
      import("./threads/ThreadPanel"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.ThreadPanel),
  {
    useOpen: () => true,
    onFailed: () => useChatUiStore.getState().closeThread(),
  },
);

/** The most unread messages read ahead to put the "new messages" line above the first. */
const CATCH_UP_MAX = 500;
/** From this width the group panel sits beside the chat; below it slides over it. */
const PANEL_BESIDE_MIN_PX = 1000;

/**
 * The person's last sign-in address and its place in the title bar (SPEC §2), when the
 * system shows addresses (ipregion); their card says whether I may see it (a friend, or
 * run mode 1), so nothing shows otherwise.
 */
function PeerAddress({ userId }: { userId: number }) {
  const { t } = useTranslation("messages");
  const card = useUserCardQuery(userId);
  const ip = card.data?.last_login_ip ?? "";
  if (ip === "") return null;
  const place = card.data?.location ?? "";
  const text = place ? `${ip} · ${place}` : ip;
  return (
    <span className={styles.titleAddress} title={t("title.address", { text })}>
      {text}
    </span>
  );
}

/** The open chat: title, messages, editor. */
export function Conversation({
  contact,
  showOnline,
  onBack,
}: {
  contact: Contact;
  showOnline: boolean;
  /** On a phone: back to the list (the title bar's back button). */
  onBack?: () => void;
}) {
  const { t } = useTranslation("messages");
  const client = useQueryClient();
  const contactId = contact.id;
  const user = useSessionStore((s) => s.user);
  const meId = user?.user_id ?? 0;
  // What was unread when the chat opened: the chat opens at the first of these, under a line.
  const [unreadAtOpen] = useState(() => Math.min(contact.unread, CATCH_UP_MAX));
  const messages = useMessagesQuery(contactId, (loaded) =>
    unreadMissing(loaded, meId, unreadAtOpen),
  );
  const outbox = useOutboxStore((s) => s.entries);
  const config = useGlobalConfig();
  // Files dragged over the chat: a drop sends them (the counter survives child elements).
  const [dragging, setDragging] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const dragDepth = useRef(0);
  const groupId = groupNumber(contactId);
  const width = useWindowWidth();
  const beside = width >= PANEL_BESIDE_MIN_PX;
  // Beside the chat the panel starts shown; as an overlay (narrow windows) it starts hidden
  // and a window shrinking past the threshold does not throw it over the chat.
  const [besideOpen, setBesideOpen] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const panelOpen = beside ? besideOpen : overlayOpen;
  const togglePanel = () =>
    beside
      ? setBesideOpen((shown) => !shown)
      : setOverlayOpen((shown) => !shown);
  const now = useNow(15_000);
  const threadRoot = useChatUiStore((s) =>
    s.thread?.contactId === contactId ? s.thread.rootId : null,
  );
  const block = useSpeakBlock(contact, groupId, now);
  const mentionables = useMentionCandidates(contact, groupId);

  // Opening the chat reads its first page, which marks it read on the server.
  useEffect(() => {
    if (messages.isSuccess)
      updateContact(client, contactId, (c) => ({ ...c, unread: 0, is_at: 0 }));
  }, [client, contactId, messages.isSuccess, messages.dataUpdatedAt]);

  const pages = messages.data?.pages;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  const missing = pages ? unreadMissing(pages, meId, unreadAtOpen) : 0;
  const caughtUp = pages !== undefined && (missing === 0 || !hasNextPage);

  // Older pages are read until the first unread message is held, then the list opens.
  useEffect(() => {
    if (pages && !caughtUp && !isFetchingNextPage) void fetchNextPage();
  }, [pages, caughtUp, isFetchingNextPage, fetchNextPage]);

  // The "new messages" line stays where it was put when the chat opened.
  const [firstUnread, setFirstUnread] = useState<string | null | undefined>();
  if (firstUnread === undefined && caughtUp) {
    setFirstUnread(firstUnreadKey(pages, meId, unreadAtOpen));
  }

  const items = useMemo(
    () =>
      chatItems(
        pages ?? [],
        // A reply only in its thread is shown there, not here.
        outbox.filter(
          (e) =>
            e.contactId === contactId &&
            (!e.thread_id || e.thread_broadcast === 1),
        ),
        {
          id: meId,
          avatar: user?.avatar ?? "",
          name: user?.realname ?? "",
        },
        firstUnread ?? null,
      ),
    [pages, outbox, contactId, meId, user, firstUnread],
  );
  const menu = useMessageMenu({
    contact,
    items,
    hasOlder: hasNextPage,
    loadOlder: fetchNextPage,
  });
  // Each file goes as its own message; one the server would refuse is refused here first.
  const files = useChatFiles(contactId);
  const sendFiles = files.send;
  const carriesFiles = (event: DragEvent) =>
    block === null && event.dataTransfer.types.includes("Files");
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      sendFiles(Array.from(event.dataTransfer.files), "file");
    },
  };
  const olderCount = (pages ?? [])
    .slice(1)
    .reduce((n, page) => n + page.length, 0);

  return (
    <section className={styles.conversation} aria-label={contact.displayName}>
      <header className={styles.title}>
        {onBack && (
          <Button
            type="text"
            size="large"
            className={styles.titleBack}
            icon={<ArrowLeftOutlined />}
            aria-label={t("nav.back")}
            onClick={onBack}
          />
        )}
        {/* Presence is a person's: groups (always "online" on the wire) show none. */}
        {showOnline && contact.is_group === 0 && (
          <span
            className={contact.is_online ? styles.onlineDot : styles.offlineDot}
            data-presence={contact.is_online ? "online" : "offline"}
          />
        )}
        {isSelfChat(contact) ? (
          // Nobody's card: the chat with myself is named, and that is all.
          <span className={styles.titleName} title={contact.displayName}>
            {contact.displayName}
          </span>
        ) : groupId === null ? (
          // The name opens the person's card (SPEC §2 User card).
          <UserCardButton
            userId={Number(contact.id)}
            name={contact.displayName}
            avatar={contact.avatar}
            row
          >
            <span className={styles.titleName} title={contact.displayName}>
              {contact.displayName}
            </span>
          </UserCardButton>
        ) : contact.disbanded ? (
          // A disbanded group has nothing left to manage: its name, and its history below.
          <span className={styles.titleName} title={contact.displayName}>
            {contact.displayName}
          </span>
        ) : (
          <GroupTitle
            contact={contact}
            groupId={groupId}
            panelOpen={panelOpen}
            onTogglePanel={togglePanel}
          />
        )}
        {groupId === null &&
          !isSelfChat(contact) &&
          config?.sysInfo.ipregion === "1" && (
            <PeerAddress userId={Number(contact.id)} />
          )}
        {groupId === null && <CallButtons contact={contact} />}
      </header>
      <div className={styles.conversationBody}>
        <div className={styles.conversationMain} {...dropHandlers}>
          {dragging && (
            <div className={toolbarStyles.dropZone}>{t("tools.drop")}</div>
          )}
          {firstUnread === undefined ? (
            <div
              className={styles.messagesLoading}
              role="status"
              aria-label={t("common:loading")}
            >
              <Spinner />
            </div>
          ) : (
            <MessageList
              key={contactId}
              items={items}
              olderCount={olderCount}
              loadingOlder={isFetchingNextPage}
              hasOlder={hasNextPage}
              firstUnread={firstUnread}
              onLoadOlder={() => void fetchNextPage()}
              onCancelUpload={files.cancel}
              onResend={files.resend}
              actions={menu.actions}
              reveal={menu.reveal}
              renderEventExtra={menu.renderEventExtra}
              renderReceipt={
                groupId === null
                  ? undefined
                  : (receipt) => (
                      <ReadReceipt
                        groupId={groupId}
                        msgId={receipt.msgId}
                        read={receipt.read}
                        total={receipt.total}
                      />
                    )
              }
            />
          )}
          <TypingLine contactId={contactId} />
          <EphemeralNotes contactId={contactId} />
          {contact.disbanded === 1 ? (
            <DisbandedNotice contactId={String(contactId)} />
          ) : (
            <Editor
              contactId={contactId}
              sendKey={user?.setting.sendKey ?? 1}
              {...(mentionables ? { mentionables } : {})}
              blocked={blockedText(block, t)}
              onSendFiles={sendFiles}
              serverDraft={contact.draft ?? ""}
              onHistory={() => setHistoryOpen(true)}
              onEdit={(id, text, at) =>
                void editMessage(client, contactId, id, text, at).catch(
                  () => undefined,
                )
              }
              onEditLast={menu.editLast}
              formatHint={user?.setting.formatMessages ?? true}
              onSend={(text, at, pid) =>
                sendText({
                  id: crypto.randomUUID(),
                  contactId,
                  content: text,
                  ...(at.length > 0 ? { at } : {}),
                  ...(pid ? { pid } : {}),
                })
              }
            />
          )}
        </div>
        {threadRoot !== null && beside && (
          <ThreadPanel
            key={threadRoot}
            contact={contact}
            rootId={threadRoot}
            overlay={false}
            onClose={() => useChatUiStore.getState().closeThread()}
          />
        )}
        {groupId !== null &&
          !contact.disbanded &&
          beside &&
          panelOpen &&
          threadRoot === null && (
            <GroupPanel contact={contact} groupId={groupId} />
          )}
      </div>
      {threadRoot !== null && !beside && (
        <ThreadPanel
          key={threadRoot}
          contact={contact}
          rootId={threadRoot}
          overlay
          onClose={() => useChatUiStore.getState().closeThread()}
        />
      )}
      {menu.dialogs}
      <HistoryPanel
        contactId={contactId}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onJump={(message) => {
          setHistoryOpen(false);
          showStoredMessage(contactId, message);
        }}
      />
      {groupId !== null && !contact.disbanded && !beside && (
        <GroupPanelDrawer
          contact={contact}
          groupId={groupId}
          open={panelOpen}
          onClose={() => setOverlayOpen(false)}
          width={width}
        />
      )}
    </section>
  );
}
