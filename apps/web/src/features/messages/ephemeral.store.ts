import type { ContactId } from "@parley/protocol";
import { create } from "zustand";

/** The most answers a chat keeps shown (the oldest goes first). */
const KEPT_PER_CHAT = 5;

/** A slash command's answer for me alone (extensions.md §9), as the `ephemeral` event gave it. */
export interface EphemeralNote {
  key: number;
  /** The answer as HTML (escaped text, line breaks as <br>). */
  content: string;
  at: number;
}

interface EphemeralState {
  /** The answers shown, by chat (its contact id as text), oldest first. */
  byChat: Record<string, EphemeralNote[]>;
  heard(chat: ContactId, content: string): void;
  dismiss(chat: ContactId, key: number): void;
}

let next = 1;

/**
 * Slash commands' answers for me alone: UI state only, never stored (they are gone when the
 * page reloads, as the server never kept them), shown under the chat until dismissed.
 */
export const useEphemeralStore = create<EphemeralState>()((set) => ({
  byChat: {},
  heard: (chat, content) =>
    set((state) => {
      const key = String(chat);
      const list = [
        ...(state.byChat[key] ?? []),
        { key: next++, content, at: Date.now() },
      ].slice(-KEPT_PER_CHAT);
      return { byChat: { ...state.byChat, [key]: list } };
    }),
  dismiss: (chat, key) =>
    set((state) => {
      const name = String(chat);
      const list = (state.byChat[name] ?? []).filter((n) => n.key !== key);
      return { byChat: { ...state.byChat, [name]: list } };
    }),
}));
