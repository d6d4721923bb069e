import { Limits, type Message, messages, textToHtml } from "@parley/protocol";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
} from "@tanstack/react-query";
import { ApiError, call } from "../../api/http";
import { updateContact } from "../contacts";
import { useOutboxStore } from "./outbox.store";

export const messagesKey = (contactId: number) =>
  ["messages", contactId] as const;

/** Pages of one chat: pages[0] is the newest, each page oldest first. */
export type MessagePages = InfiniteData<Message[], number>;

/** A chat's history, newest page first; older pages by `last_id` (the oldest held). */
export function useMessagesQuery(contactId: number | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(contactId ?? 0),
    enabled: contactId !== null,
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (
        await call(messages.getMessageList, {
          toContactId: contactId ?? 0,
          is_group: 0,
          limit: Limits.messagePageSize,
          last_id: pageParam,
        })
      ).data,
    getNextPageParam: (lastPage) =>
      lastPage.length < Limits.messagePageSize
        ? undefined
        : (lastPage[0]?.msg_id ?? undefined),
  });
}

/** Puts a stored message into its chat's cache, once, keeping order. */
export function upsertMessage(
  client: QueryClient,
  contactId: number,
  message: Message,
): void {
  client.setQueryData<MessagePages>(messagesKey(contactId), (data) => {
    if (!data) return data;
    if (
      data.pages.some((page) =>
        page.some(
          (m) => m.id === message.id && m.from_user === message.from_user,
        ),
      )
    ) {
      return {
        ...data,
        pages: data.pages.map((page) =>
          page.map((m) =>
            m.id === message.id && m.from_user === message.from_user
              ? { ...m, ...message }
              : m,
          ),
        ),
      };
    }
    const [newest = [], ...older] = data.pages;
    const merged = [...newest, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [merged, ...older] };
  });
}

/** Applies a change to every loaded message of a chat. */
export function updateMessages(
  client: QueryClient,
  contactId: number,
  change: (m: Message) => Message,
): void {
  client.setQueryData<MessagePages>(messagesKey(contactId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map(change)) }
      : data,
  );
}

/**
 * Sends a text: shown at once as going, then replaced by the stored message, or marked
 * failed; a resend uses the same client id, so the server never stores it twice.
 */
export function useSendMessageMutation(client: QueryClient) {
  const { put, setStatus, remove } = useOutboxStore.getState();
  return useMutation({
    mutationFn: async (entry: {
      id: string;
      contactId: number;
      content: string;
    }) =>
      (
        await call(messages.sendMessage, {
          id: entry.id,
          type: "text",
          // Typed text becomes HTML here, escaped: the server keeps it, never eats it.
          content: textToHtml(entry.content),
          toContactId: entry.contactId,
          is_group: 0,
        })
      ).data,
    onMutate: (entry) => {
      put({ ...entry, sendTime: Date.now(), status: "going" });
    },
    onSuccess: (message, entry) => {
      upsertMessage(client, entry.contactId, message);
      updateContact(client, entry.contactId, (c) => ({
        ...c,
        lastContent: message.content,
        lastSendTime: message.sendTime,
        type: message.type,
      }));
      remove(entry.id);
    },
    onError: (error, entry) => {
      // A refusal the user can read is shown by the API layer; the message stays, failed.
      setStatus(entry.id, "failed");
      if (!(error instanceof ApiError)) throw error;
    },
  });
}

/** Marks a chat read on the server (the other side sees the read mark). */
export async function markRead(contactId: number): Promise<void> {
  await call(
    messages.setMsgIsRead,
    { toContactId: contactId, is_group: 0, fromUser: contactId },
    { silent: true },
  );
}
