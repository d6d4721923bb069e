import {
  CommentOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  MessageOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  SmileOutlined,
  StarOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import type { Contact, ContactId, Message } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Button, type MenuProps } from "antd";
import { appModal } from "../../../components/AppModal";
import {
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { toast } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { useSaveFavouriteMutation } from "../../favourites";
import { groupNumber, useGroupMembersQuery } from "../../groups";
import { useReportStore } from "../../../stores/report.store";
import { ChooseChatDialog } from "../../files";
import { useActor, useGlobalConfig } from "../../system";
import { editorSlot, useChatUiStore } from "../../../stores/chat-ui.store";
import {
  copyText,
  deleteForEveryone,
  forwardMessage,
  hideForMe,
  messageAbilities,
  quoteMessage,
  withdrawMessage,
  withdrawnText,
} from "../message-actions";
import { dismissLinkPreview, toggleReaction } from "../messages.queries";
import { QUICK_REACTIONS, takesReactions } from "../reactions";
import { threadable } from "../thread-rules";
import styles from "./chat.module.css";
import type { ChatItem } from "./chat-items";
import type { BubbleActions } from "./MessageBubble";

/** How many older pages a jump to a quoted message reads at most (10 messages each). */
const MAX_PAGES_BACK = 100;

/** How long a jump waits for a page it read to be drawn before it looks anyway. */
const PAGE_DRAW_WAIT_MS = 5_000;

/** What a quote or a menu shows of a message: its text, or a label for a file. */
export function previewOf(item: ChatItem, t: (key: string) => string): string {
  if (item.media?.kind === "image") return t("quote.image");
  if (item.media?.kind === "voice") return t("quote.voice");
  if (item.media?.kind === "video")
    return `${t("quote.video")} ${item.media.name}`;
  if (item.media?.kind === "file")
    return `${t("quote.file")} ${item.media.name}`;
  return item.content;
}

/**
 * The message menu of one chat (SPEC §2 message list, issue 11): react, copy, edit, quote,
 * forward, favourite, withdraw, delete for everyone and delete for me, each offered as the rules
 * allow; a quote's click brings the quoted message into view, loading older pages when it
 * is not loaded yet; the re-edit link of my withdrawn text.
 */
export function useMessageMenu(options: {
  contact: Contact;
  items: readonly ChatItem[];
  /** Whether older pages remain to be loaded. */
  hasOlder: boolean;
  /** Loads one older page. */
  loadOlder: () => Promise<unknown>;
  /** The menu of a thread's panel: its root's client id (no quoting, no thread to start). */
  threadId?: string;
}): {
  actions: BubbleActions;
  dialogs: ReactNode;
  reveal: { key: string; nonce: number } | null;
  renderEventExtra: (item: ChatItem) => ReactNode;
  /** Puts my last message I may edit into the editor; false when there is none. */
  editLast: () => boolean;
} {
  const { contact, items, hasOlder, loadOlder, threadId } = options;
  const chat: ContactId = contact.id;
  // The editor this list's edits and re-edits go to: the chat's, or the thread's.
  const slot = editorSlot(chat, threadId);
  const { t } = useTranslation("messages");
  const client = useQueryClient();
  const me = useSessionStore((s) => s.user?.user_id ?? 0);
  const actor = useActor();
  const config = useGlobalConfig();
  const now = useNow(15_000);
  const saveFavourite = useSaveFavouriteMutation();
  // Who reacted, by name: the group's members, or the two of a one-to-one chat.
  const groupId = groupNumber(chat);
  const members = useGroupMembersQuery(groupId);
  const myName = useSessionStore((s) => s.user?.displayName ?? "");
  const myAvatar = useSessionStore((s) => s.user?.avatar ?? "");
  const names = useMemo(() => {
    const known = new Map<number, { name: string; avatar: string }>();
    if (typeof contact.id === "number")
      known.set(contact.id, {
        name: contact.displayName,
        avatar: contact.avatar,
      });
    for (const m of members.data ?? [])
      known.set(m.user_id, {
        name: m.userInfo.displayName,
        avatar: m.userInfo.avatar,
      });
    known.set(me, { name: myName, avatar: myAvatar });
    return known;
  }, [
    contact.id,
    contact.displayName,
    contact.avatar,
    members.data,
    me,
    myName,
    myAvatar,
  ]);
  const favourite = useRef(saveFavourite.mutate);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  const [reveal, setReveal] = useState<{ key: string; nonce: number } | null>(
    null,
  );

  // Read by the menu when it opens, so the actions object itself never changes.
  const latest = useRef({
    items,
    contact,
    actor,
    config,
    now,
    me,
    hasOlder,
    names,
  });
  const loader = useRef(loadOlder);
  /** Waiting for the list to be drawn with other items than these (a page read). */
  const drawn = useRef<{ before: readonly ChatItem[]; done: () => void }[]>([]);
  useLayoutEffect(() => {
    latest.current = {
      items,
      contact,
      actor,
      config,
      now,
      me,
      hasOlder,
      names,
    };
    loader.current = loadOlder;
    favourite.current = saveFavourite.mutate;
    const ready = drawn.current.filter((w) => w.before !== items);
    drawn.current = drawn.current.filter((w) => w.before === items);
    for (const waiter of ready) waiter.done();
  });

  /**
   * Reads one older page and resolves once the list holds it (its items drawn, whatever
   * the frames a busy machine takes), or when the read failed.
   */
  const readOlder = useRef(async () => {
    const before = latest.current.items;
    const held = new Promise<void>((done) => {
      drawn.current.push({ before, done });
    });
    const read = await loader.current().then(
      () => true,
      () => false,
    );
    if (!read) {
      drawn.current = drawn.current.filter((w) => w.before !== before);
      return false;
    }
    // A read that changed nothing draws nothing: it is not waited for past a few seconds.
    if (latest.current.items === before)
      await Promise.race([
        held,
        new Promise((resolve) => setTimeout(resolve, PAGE_DRAW_WAIT_MS)),
      ]);
    return true;
  });

  /**
   * Brings a stored message into view, reading older pages until it is held (each page is
   * looked at once the list has drawn it); a message no longer there is said to be gone.
   */
  const showMessage = useRef(async (msgId: number) => {
    for (let pages = 0; pages <= MAX_PAGES_BACK; pages += 1) {
      const found = latest.current.items.find(
        (item) => item.message?.msg_id === msgId,
      );
      if (found) {
        setReveal((old) => ({ key: found.key, nonce: (old?.nonce ?? 0) + 1 }));
        return;
      }
      if (!latest.current.hasOlder) break;
      if (!(await readOlder.current())) break;
    }
    toast("info", t("quote.notFound"));
  });

  // A jump asked for from outside the list (a search result): once this chat shows it,
  // its first page drawn (a chat opened by the jump has none yet), each jump once.
  const jump = useChatUiStore((s) => s.jump);
  const shown = items.length > 0;
  const jumped = useRef(0);
  useEffect(() => {
    if (!jump || !shown || jump.contactId !== chat || threadId !== undefined)
      return;
    if (jumped.current === jump.nonce) return;
    jumped.current = jump.nonce;
    void showMessage.current(jump.msgId);
  }, [jump, chat, threadId, shown]);

  const actions = useMemo<BubbleActions>(
    () => ({
      showQuoted: (msgId) => void showMessage.current(msgId),
      nameOf: (userId) => latest.current.names.get(userId)?.name,
      personOf: (userId) => latest.current.names.get(userId),
      openThread: (rowKey) => {
        const message = latest.current.items.find(
          (i) => i.key === rowKey,
        )?.message;
        if (message)
          useChatUiStore
            .getState()
            .openThread(chat, message.thread_id || message.id);
      },
      dismissPreview: (rowKey) => {
        const message = latest.current.items.find(
          (i) => i.key === rowKey,
        )?.message;
        if (message)
          void dismissLinkPreview(client, chat, message.id).catch(
            () => undefined,
          );
      },
      react: (rowKey, emoji, on) => {
        const message = latest.current.items.find(
          (i) => i.key === rowKey,
        )?.message;
        if (message)
          void toggleReaction(client, chat, message.id, emoji, on).catch(
            () => undefined,
          );
      },
      menu: (rowKey) => {
        const state = latest.current;
        const item = state.items.find((i) => i.key === rowKey);
        const message = item?.message;
        if (!item || !message || !state.config) return null;
        const can = messageAbilities(message, {
          actor: state.actor,
          config: state.config,
          groupRole: state.contact.role,
          ownerId: state.contact.owner_id,
          now: state.now,
        });
        const entries: NonNullable<MenuProps["items"]> = [];
        if (takesReactions(message)) {
          const mine = new Set(
            message.reactions
              .filter((r) => r.user_ids.includes(state.me))
              .map((r) => r.emoji),
          );
          entries.push({
            key: "react",
            icon: <SmileOutlined />,
            label: t("menu.react"),
            children: QUICK_REACTIONS.map((emoji) => ({
              key: `react ${emoji}`,
              label: (
                <span
                  className={
                    mine.has(emoji) ? styles.menuEmojiMine : styles.menuEmoji
                  }
                >
                  {emoji}
                </span>
              ),
              onClick: () =>
                void toggleReaction(
                  client,
                  chat,
                  message.id,
                  emoji,
                  !mine.has(emoji),
                ).catch(() => undefined),
            })),
          });
        }
        if (can.copy)
          entries.push({
            key: "copy",
            icon: <CopyOutlined />,
            label: t("menu.copy"),
            onClick: () =>
              void copyText(item.content, t("menu.copied")).catch(() =>
                appModal.error({ title: t("menu.copyFailed") }),
              ),
          });
        // A thread from any message that takes a reply; a reply also in the chat opens its own.
        if (threadId === undefined && threadable(message))
          entries.push({
            key: "thread",
            icon: <CommentOutlined />,
            label: t("threads.reply"),
            onClick: () =>
              useChatUiStore
                .getState()
                .openThread(chat, message.thread_id || message.id),
          });
        if (can.edit)
          entries.push({
            key: "edit",
            icon: <EditOutlined />,
            label: t("menu.edit"),
            onClick: () =>
              useChatUiStore
                .getState()
                .startEdit(slot, message.id, item.content),
          });
        if (can.quote && threadId === undefined)
          entries.push({
            key: "quote",
            icon: <MessageOutlined />,
            label: t("menu.quote"),
            onClick: () => quoteMessage(chat, message, previewOf(item, t)),
          });
        if (can.forward)
          entries.push({
            key: "forward",
            icon: <ShareAltOutlined />,
            label: t("menu.forward"),
            onClick: () => setForwarding(message),
          });
        if (can.favourite)
          entries.push({
            key: "favourite",
            icon: <StarOutlined />,
            label: t("menu.favourite"),
            onClick: () => favourite.current(message.msg_id),
          });
        // Someone else's message can be reported to the administrators (issue 12).
        const reportable =
          message.from_user !== state.me &&
          message.type !== "event" &&
          message.type !== "webrtc" &&
          message.msg_id > 0;
        if (can.withdraw || can.deleteForEveryone || can.hide || reportable)
          entries.push({ type: "divider" });
        if (reportable)
          entries.push({
            key: "report",
            icon: <WarningOutlined />,
            label: t("menu.report"),
            onClick: () =>
              useReportStore.getState().open({
                type: "message",
                id: message.msg_id,
                name: message.fromUser.displayName,
              }),
          });
        if (can.withdraw)
          entries.push({
            key: "withdraw",
            icon: <RollbackOutlined />,
            label: t("menu.withdraw"),
            onClick: () =>
              void withdrawMessage(
                client,
                message,
                state.me,
                item.content,
              ).catch(() => undefined),
          });
        if (can.deleteForEveryone)
          entries.push({
            key: "delete",
            icon: <DeleteOutlined />,
            danger: true,
            label: t("menu.deleteForEveryone"),
            onClick: () =>
              appModal.confirm({
                title: t("menu.deleteConfirm"),
                okText: t("menu.deleteForEveryone"),
                okButtonProps: { danger: true },
                cancelText: t("menu.cancel"),
                onOk: () => deleteForEveryone(message).catch(() => undefined),
              }),
          });
        if (can.hide)
          entries.push({
            key: "hide",
            icon: <EyeInvisibleOutlined />,
            label: t("menu.hide"),
            onClick: () =>
              void hideForMe(client, chat, message).catch(() => undefined),
          });
        return { items: entries };
      },
    }),
    [chat, client, t, slot, threadId],
  );

  const editLast = (): boolean => {
    const state = latest.current;
    if (!state.config) return false;
    for (let i = state.items.length - 1; i >= 0; i -= 1) {
      const item = state.items[i];
      const message = item?.message;
      if (!item?.mine || !message || item.event) continue;
      const can = messageAbilities(message, {
        actor: state.actor,
        config: state.config,
        groupRole: state.contact.role,
        ownerId: state.contact.owner_id,
        now: Date.now(),
      });
      if (!can.edit) return false;
      useChatUiStore.getState().startEdit(slot, message.id, item.content);
      return true;
    }
    return false;
  };

  const renderEventExtra = (item: ChatItem): ReactNode => {
    const message = item.message;
    if (!message || item.event?.event !== "undo" || !item.mine) return null;
    const text = withdrawnText(message.id);
    if (text === undefined) return null;
    return (
      <Button
        type="link"
        size="small"
        className={styles.reedit}
        onClick={() => useChatUiStore.getState().fillEditor(slot, text)}
      >
        {t("menu.reedit")}
      </Button>
    );
  };

  const dialogs = (
    <ChooseChatDialog
      open={forwarding !== null}
      title={t("menu.forwardTitle")}
      onCancel={() => setForwarding(null)}
      onConfirm={async (targets) => {
        if (!forwarding) return;
        await forwardMessage(
          forwarding,
          targets.map((c) => c.id),
        );
        setForwarding(null);
      }}
    />
  );

  return { actions, dialogs, reveal, renderEventExtra, editLast };
}
