import type { ContactId } from "@parley/protocol";
import { create } from "zustand";

/** How long "… is typing" shows after the last `typing` event (extensions.md §3). */
export const TYPING_SHOWN_MS = 6_000;

/** Someone typing in a chat, as the last event said. */
export interface Typer {
  userId: number;
  name: string;
}

interface TypingState {
  /** Who is typing, by chat (its contact id as text), in the order they started. */
  byChat: Record<string, Typer[]>;
  /** Someone typed in a chat: shown for 6 s from now. */
  heard(chat: ContactId, typer: Typer): void;
  /** They stopped: their message arrived, or their 6 s ran out. */
  stopped(chat: ContactId, userId: number): void;
  /** Nobody is typing anywhere (the socket came back: what it missed is stale). */
  clear(): void;
}

/** When each typer's line goes, by `chat:user`: the timers live outside the state. */
const expiry = new Map<string, ReturnType<typeof setTimeout>>();
const timerKey = (chat: string, userId: number) => `${chat}:${String(userId)}`;

/**
 * Who is typing where: UI state only (never stored, never sent), each entry dropping
 * itself 6 s after its last event.
 */
export const useTypingStore = create<TypingState>()((set, get) => ({
  byChat: {},
  heard: (chat, typer) => {
    const key = String(chat);
    const timer = timerKey(key, typer.userId);
    clearTimeout(expiry.get(timer));
    expiry.set(
      timer,
      setTimeout(() => {
        get().stopped(chat, typer.userId);
      }, TYPING_SHOWN_MS),
    );
    set((s) => {
      const typers = s.byChat[key] ?? [];
      const known = typers.some((t) => t.userId === typer.userId);
      return {
        byChat: {
          ...s.byChat,
          [key]: known
            ? typers.map((t) => (t.userId === typer.userId ? typer : t))
            : [...typers, typer],
        },
      };
    });
  },
  stopped: (chat, userId) => {
    const key = String(chat);
    const timer = timerKey(key, userId);
    clearTimeout(expiry.get(timer));
    expiry.delete(timer);
    set((s) => {
      const typers = s.byChat[key];
      if (!typers?.some((t) => t.userId === userId)) return s;
      const left = typers.filter((t) => t.userId !== userId);
      if (left.length > 0) return { byChat: { ...s.byChat, [key]: left } };
      const byChat = Object.fromEntries(
        Object.entries(s.byChat).filter(([chat]) => chat !== key),
      );
      return { byChat };
    });
  },
  clear: () => {
    for (const timer of expiry.values()) clearTimeout(timer);
    expiry.clear();
    set({ byChat: {} });
  },
}));
