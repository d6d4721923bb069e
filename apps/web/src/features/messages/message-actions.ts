import {
  type Actor,
  type Contact,
  type ContactId,
  can,
  type GlobalConfig,
  GroupRoles,
  isCopyable,
  type Message,
  type MessageGone,
  messages,
  type Withdrawn,
} from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";
import { toast } from "../../lib/feedback";
import { refetchContacts, updateContact } from "../contacts";
import { favouritesKey } from "../favourites";
import { historyKey } from "../history";
import { useChatUiStore } from "../../stores/chat-ui.store";
import {
  type MessagePages,
  messagesKey,
  updateMessages,
} from "./messages.queries";
import { refreshThreads } from "./threads.queries";

/*
 * What a user does with a message once it is sent (SPEC §4, issue 11): who may do what is
 * asked of the protocol's capability table (the server asks the same and decides), and
 * each action's result is applied to the caches the same way its socket event is, so the
 * device that acted and the others agree.
 */

/** What the message menu may offer on one message. */
export interface MessageAbilities {
  copy: boolean;
  quote: boolean;
  forward: boolean;
  favourite: boolean;
  withdraw: boolean;
  /** Edit it (extensions.md §2): my own text, within editTime. */
  edit: boolean;
  deleteForEveryone: boolean;
  hide: boolean;
}

/**
 * The menu's entries for one stored message: withdraw as SPEC §5 allows it (own within
 * redoTime; a group's owner and administrators at any time, within their rank — the
 * sender's role is not known here, so an administrator is offered it and the server says
 * no to an owner's message); delete for everyone for my own one-to-one message with
 * dbDelMsg on.
 */
export function messageAbilities(
  message: Message,
  context: {
    actor: Actor;
    config: GlobalConfig;
    /** My role in the group, for a group's message. */
    groupRole?: number | undefined;
    /** The group's owner: an administrator may not withdraw the owner's messages. */
    ownerId?: number | undefined;
    now: number;
  },
): MessageAbilities {
  const copyable = isCopyable(message.type);
  const { actor, config, now, groupRole, ownerId } = context;
  const inGroup = message.is_group === 1;
  const withdraw =
    copyable &&
    can(actor, "message.withdraw", {
      config,
      message: { fromUser: message.from_user, sendTime: message.sendTime },
      now,
      ...(inGroup && groupRole !== undefined
        ? {
            group: {
              member: { role: groupRole, mutedUntil: 0 },
              senderRole:
                message.from_user === ownerId
                  ? GroupRoles.owner
                  : GroupRoles.member,
            },
          }
        : {}),
    });
  return {
    copy: message.type === "text",
    quote: copyable,
    forward: copyable,
    favourite: copyable,
    withdraw,
    edit:
      message.msg_id > 0 &&
      can(actor, "message.edit", {
        config,
        message: {
          fromUser: message.from_user,
          sendTime: message.sendTime,
          type: message.type,
          withdrawn: message.type === "event",
        },
        now,
      }),
    deleteForEveryone:
      copyable &&
      can(actor, "message.delete", {
        config,
        message: { fromUser: message.from_user, isGroup: inGroup },
      }),
    hide: true,
  };
}

/** A chat's loaded messages without one of them. */
function dropMessage(client: QueryClient, chat: ContactId, id: string): void {
  client.setQueryData<MessagePages>(messagesKey(chat), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => page.filter((m) => m.id !== id)),
        }
      : data,
  );
}

/**
 * A withdrawn message, wherever it is held: its event line replaces it, the replies quoting
 * it say the original was withdrawn, and a chat whose last line it was shows the event.
 */
export function applyWithdrawn(client: QueryClient, line: Withdrawn): void {
  const chat = line.toContactId;
  updateMessages(client, chat, (m) => {
    if (m.id === line.id && m.from_user === line.from_user)
      return {
        ...m,
        type: "event",
        content: line.content,
        extends: line.extends,
        at: [],
        file_id: 0,
        fileName: "",
        fileSize: 0,
        preview: "",
        download: "",
      };
    const quote = m.extends.quote as { msg_id?: unknown } | undefined;
    if (quote?.msg_id === line.msg_id)
      return {
        ...m,
        extends: { ...m.extends, quote: { ...quote, content: "", undone: 1 } },
      };
    return m;
  });
  // Search results and favourites no longer hold it.
  void client.invalidateQueries({ queryKey: historyKey });
  void client.invalidateQueries({ queryKey: favouritesKey });
  if (line.is_last === 1)
    updateContact(client, chat, (c: Contact) => ({
      ...c,
      lastContent: line.content,
      type: "event",
      lastEvent: line.extends,
    }));
}

/** A message gone from a chat (deleted for everyone, or hidden on another of my devices). */
export function applyGone(client: QueryClient, gone: MessageGone): void {
  const held = client
    .getQueryData<MessagePages>(messagesKey(gone.toContactId))
    ?.pages.flat()
    .find((m) => m.id === gone.id);
  dropMessage(client, gone.toContactId, gone.id);
  // A reply (not in the chat's pages) changed its root's count; a root's replies become
  // plain messages of the chat: the chat and its threads are read again.
  refreshThreads(client, gone.toContactId);
  if (!held || held.thread)
    void client.invalidateQueries({
      queryKey: messagesKey(gone.toContactId),
      exact: true,
    });
  // The chat's last line and unread count may have changed: the list says so afresh;
  // search results and favourites no longer hold it.
  void refetchContacts(client);
  void client.invalidateQueries({ queryKey: historyKey });
  void client.invalidateQueries({ queryKey: favouritesKey });
}

/** The text a withdrawn message of mine held, for "re-edit" (kept in this tab only). */
const withdrawnTexts = new Map<string, string>();

/** What I wrote in a message I withdrew in this tab, if it was text. */
export function withdrawnText(clientId: string): string | undefined {
  return withdrawnTexts.get(clientId);
}

/** `undoMessage`: my message, or one a manager may withdraw. */
export async function withdrawMessage(
  client: QueryClient,
  message: Message,
  me: number,
  plainText: string,
): Promise<void> {
  // Kept before the call: the socket's undoMessage may redraw the chat before the answer
  // comes, and the re-edit link is drawn from what is kept then.
  const keep = message.from_user === me && message.type === "text";
  if (keep) withdrawnTexts.set(message.id, plainText);
  try {
    await call(messages.undoMessage, { id: message.id });
  } catch (error) {
    if (keep) withdrawnTexts.delete(message.id);
    throw error;
  }
}

/** `delMessage`: my one-to-one message, for everyone. */
export async function deleteForEveryone(message: Message): Promise<void> {
  await call(messages.delMessage, { id: message.id });
}

/** `removeMessage`: out of my view of the chat, on all my devices. */
export async function hideForMe(
  client: QueryClient,
  chat: ContactId,
  message: Message,
): Promise<void> {
  await call(messages.removeMessage, { id: message.id });
  dropMessage(client, chat, message.id);
}

/** `forwardMessage`: to at most five chats; the copies arrive like any message. */
export async function forwardMessage(
  message: Message,
  targets: readonly ContactId[],
): Promise<void> {
  const answer = await call(messages.forwardMessage, {
    msg_id: message.msg_id,
    user_ids: [...targets],
  });
  toast("success", answer.msg);
}

/** Puts a message's text on the clipboard ('Copied successfully!', SPEC §8). */
export async function copyText(text: string, done: string): Promise<void> {
  await navigator.clipboard.writeText(text);
  toast("success", done);
}

/** Quotes a message in the chat's editor (its reply carries `pid`). */
export function quoteMessage(
  chat: ContactId,
  message: Message,
  preview: string,
): void {
  useChatUiStore.getState().setQuote(chat, {
    msgId: message.msg_id,
    name: message.fromUser.displayName,
    text: preview,
  });
}
