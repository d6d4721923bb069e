import {
  type ContactId,
  isSystemNotice,
  type RoutedFrame,
} from "@parley/protocol";
import { useMemo } from "react";
import { realtime, type RealtimeHandlers } from "../../api/socket";
import { useTypingStore } from "./typing.store";

/** The editor tells the chat at most this often that I am typing (extensions.md §3). */
export const TYPING_SEND_EVERY_MS = 3_000;

/** Whether typing in this chat is told to anyone: a person's chat or a group's. */
function announced(chat: ContactId): boolean {
  return typeof chat === "number" ? chat > 0 : /^group-\d+$/.test(chat);
}

/**
 * What the editor calls with each change the user makes to the text: the `typing` frame
 * goes at most once in 3 s, never for empty text. Sending a message clears the text
 * without a change, so nothing goes after a send until the user types again.
 */
export interface TypingNotifier {
  typed(text: string): void;
}

/** A notifier for one chat, sending through `send` (the socket), timed by `now`. */
export function createTypingNotifier(
  chat: ContactId,
  send: (frame: RoutedFrame) => boolean,
  now: () => number = Date.now,
): TypingNotifier {
  let last: number | null = null;
  return {
    typed: (text) => {
      if (!announced(chat) || text.trim() === "") return;
      const at = now();
      if (last !== null && at - last < TYPING_SEND_EVERY_MS) return;
      const frame: RoutedFrame = {
        type: "typing",
        toContactId: chat,
        is_group: typeof chat === "string" ? 1 : 0,
      };
      // Not sent (the socket is away): the next change tries again.
      if (send(frame)) last = at;
    },
  };
}

/** The editor's notifier for its chat, through the page's socket. */
export function useTypingNotifier(chat: ContactId): TypingNotifier {
  return useMemo(
    () => createTypingNotifier(chat, (frame) => realtime.send(frame)),
    [chat],
  );
}

/**
 * Typing events shown in their chat; a typer's message, as it arrives, ends their line.
 * Mine (another device of mine) never show; a reconnect forgets what may be stale.
 */
export const typingRealtime: RealtimeHandlers = {
  events: {
    typing: (data, { me }) => {
      if (data.user_id === me) return;
      useTypingStore
        .getState()
        .heard(data.toContactId, { userId: data.user_id, name: data.realname });
    },
    simple: (data) => {
      if (isSystemNotice(data)) return;
      useTypingStore.getState().stopped(data.toContactId, data.from_user);
    },
    group: (data) => {
      useTypingStore.getState().stopped(data.toContactId, data.from_user);
    },
  },
  onBound: () => {
    useTypingStore.getState().clear();
  },
};
