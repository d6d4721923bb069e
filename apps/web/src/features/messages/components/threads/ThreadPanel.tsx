import {
  ArrowLeftOutlined,
  BellFilled,
  BellOutlined,
  CloseOutlined,
} from "@ant-design/icons";
import type { Contact, Message } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Checkbox } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../../components/light/Spinner";
import { useNow } from "../../../../hooks/useNow";
import { useChatUiStore } from "../../../../stores/chat-ui.store";
import { useSessionStore } from "../../../../stores/session.store";
import {
  groupNumber,
  useMentionCandidates,
  useSpeakBlock,
} from "../../../groups";
import { editMessage } from "../../messages.queries";
import { sendText } from "../../outbox";
import { useOutboxStore } from "../../outbox.store";
import type { FileIntent } from "../../send-file";
import {
  followThread,
  markThreadShown,
  useThreadQuery,
} from "../../thread-panel.queries";
import { setFollowing } from "../../threads.queries";
import { type ChatItem, chatItems } from "../chat-items";
import { blockedText, useChatFiles } from "../chat-sending";
import { Editor } from "../Editor";
import { useMessageMenu } from "../message-menu";
import { MessageList } from "../MessageList";
import styles from "./threads.module.css";

/** The most pages of replies read by themselves when a thread opens (50 each). */
const AUTO_PAGES = 20;

/**
 * The thread's rows as the panel shows them: a reply's quote of the root (for clients
 * without threads) says nothing here; "N replies" goes between the root and the first.
 */
function threadRows(
  root: Message,
  items: ChatItem[],
  caption: (count: number) => string,
): ChatItem[] {
  const rootMsgId = root.msg_id;
  // Replies still on their way count too.
  const count = Math.max(root.thread?.count ?? 0, items.length - 1);
  return items.map((item, i) => {
    const shown =
      i === 1 ? { ...item, caption: caption(count), groupStart: true } : item;
    if (shown.quote?.msgId !== rootMsgId) return shown;
    const rest = { ...shown };
    delete rest.quote;
    return rest;
  });
}

export interface ThreadPanelProps {
  contact: Contact;
  /** The root's client id. */
  rootId: string;
  /** Over the chat (a narrow window, a phone) rather than beside it: a back arrow. */
  overlay: boolean;
  onClose: () => void;
}

/**
 * A thread beside its chat (extensions.md §6, issue 44): its root, every reply oldest
 * first, and its own editor (mentions, files, emoji, Markdown, reactions as in the chat)
 * with "Also send to chat"; follow or stop following. Reading it marks it read; a reply
 * that comes while it is open is read at once (messages.realtime.ts).
 */
export function ThreadPanel({
  contact,
  rootId,
  overlay,
  onClose,
}: ThreadPanelProps) {
  const { t } = useTranslation("messages");
  const { t: tt } = useTranslation("threads");
  const client = useQueryClient();
  const user = useSessionStore((s) => s.user);
  const meId = user?.user_id ?? 0;
  const thread = useThreadQuery(contact.id, rootId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const pages = thread.data?.pages;
  const [broadcast, setBroadcast] = useState(false);
  const groupId = groupNumber(contact.id);
  const now = useNow(15_000);
  const block = useSpeakBlock(contact, groupId, now);
  const mentionables = useMentionCandidates(contact, groupId);
  const outbox = useOutboxStore((s) => s.entries);

  // Opened again from what was kept: its replies that came meanwhile are read now.
  useEffect(() => {
    markThreadShown(client, rootId);
  }, [client, rootId]);

  // The replies after the first page come by themselves, up to a bound.
  useEffect(() => {
    if (
      pages &&
      hasNextPage &&
      !isFetchingNextPage &&
      pages.length < AUTO_PAGES
    )
      void fetchNextPage();
  }, [pages, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const root = pages?.at(-1)?.root;
  const following = pages?.at(-1)?.following === 1;
  const items = useMemo(
    () =>
      root
        ? threadRows(
            root,
            chatItems(
              [[root, ...pages.flatMap((page) => page.data)]],
              outbox.filter(
                (e) => e.contactId === contact.id && e.thread_id === rootId,
              ),
              {
                id: meId,
                avatar: user?.avatar ?? "",
                name: user?.realname ?? "",
              },
            ),
            (count) => t("threads.replies", { count }),
          )
        : [],
    [root, pages, outbox, contact.id, rootId, meId, user, t],
  );
  const menu = useMessageMenu({
    contact,
    items,
    hasOlder: false,
    loadOlder: () => Promise.resolve(),
    threadId: rootId,
  });
  // A reply asked for (a search result): marked once every page is read.
  const focus = useChatUiStore((s) =>
    s.thread?.rootId === rootId ? s.thread.focus : undefined,
  );
  const complete = pages !== undefined && !hasNextPage;
  const showQuoted = menu.actions.showQuoted;
  useEffect(() => {
    if (focus && complete) showQuoted(focus.msgId);
  }, [focus, complete, showQuoted]);

  // Inside a thread no row opens another.
  const actions = useMemo(
    () => ({ ...menu.actions, openThread: undefined }),
    [menu.actions],
  );

  const files = useChatFiles(contact.id, { id: rootId, broadcast });
  const sendFiles = (list: File[], intent: FileIntent, duration?: number) => {
    files.send(list, intent, duration);
    // A replier follows the thread (extensions.md §6).
    setFollowing(client, contact.id, rootId, true);
  };

  const withdrawn = root?.type === "event";
  const gone = thread.isError && !thread.data;

  return (
    <aside
      className={overlay ? styles.panelOverlay : styles.panel}
      aria-label={tt("title")}
      data-testid="thread-panel"
      // Escape closes the thread, unless something inside took it (an edit, a picker).
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented) onClose();
      }}
    >
      <header className={styles.panelTitle}>
        {overlay && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={tt("close")}
            onClick={onClose}
          />
        )}
        <div className={styles.panelName}>
          <strong>{tt("title")}</strong>
          <span title={contact.displayName}>{contact.displayName}</span>
        </div>
        {root && (
          <Button
            type={following ? "default" : "text"}
            size="small"
            icon={following ? <BellFilled /> : <BellOutlined />}
            aria-pressed={following}
            onClick={() =>
              void followThread(client, contact.id, rootId, !following).catch(
                () => undefined,
              )
            }
          >
            {tt(following ? "following" : "follow")}
          </Button>
        )}
        {!overlay && (
          <Button
            type="text"
            icon={<CloseOutlined />}
            aria-label={tt("close")}
            onClick={onClose}
          />
        )}
      </header>
      <div className={styles.panelBody}>
        {gone ? (
          <div className={styles.panelState} role="status">
            {tt("gone")}
          </div>
        ) : !root ? (
          <div
            className={styles.panelState}
            role="status"
            aria-label={t("common:loading")}
          >
            <Spinner />
          </div>
        ) : (
          <MessageList
            key={rootId}
            items={items}
            olderCount={0}
            loadingOlder={false}
            hasOlder={false}
            firstUnread={null}
            startText=""
            onLoadOlder={() => undefined}
            onCancelUpload={files.cancel}
            onResend={files.resend}
            actions={actions}
            reveal={menu.reveal}
            renderEventExtra={menu.renderEventExtra}
          />
        )}
      </div>
      {root && withdrawn ? (
        <div className={styles.panelState} role="status">
          {tt("rootWithdrawn")}
        </div>
      ) : (
        root &&
        contact.disbanded !== 1 && (
          <Editor
            contactId={contact.id}
            threadId={rootId}
            placeholder={tt("placeholder")}
            sendKey={user?.setting.sendKey ?? 1}
            {...(mentionables ? { mentionables } : {})}
            blocked={blockedText(block, t)}
            onSendFiles={sendFiles}
            onEdit={(id, text, at) =>
              void editMessage(client, contact.id, id, text, at).catch(
                () => undefined,
              )
            }
            onEditLast={menu.editLast}
            formatHint={false}
            footerExtra={
              <Checkbox
                checked={broadcast}
                onChange={(event) => setBroadcast(event.target.checked)}
              >
                {tt("alsoSend")}
              </Checkbox>
            }
            onSend={(text, at) => {
              sendText({
                id: crypto.randomUUID(),
                contactId: contact.id,
                content: text,
                thread_id: rootId,
                ...(broadcast ? { thread_broadcast: 1 as const } : {}),
                ...(at.length > 0 ? { at } : {}),
              });
              // A replier follows the thread (extensions.md §6).
              setFollowing(client, contact.id, rootId, true);
              // "Also send to chat" is for one reply at a time, as in Slack.
              setBroadcast(false);
            }}
          />
        )
      )}
      {menu.dialogs}
    </aside>
  );
}
