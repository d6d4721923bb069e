import type { ContactId } from "@parley/protocol";
import { create } from "zustand";

/*
 * The chat screen's UI state, shared by the features drawn on it (messages, contacts,
 * groups, friends, people, favourites): which list, which chat, drafts and quotes.
 */

/** What the list shows: the chats, or the directory of contacts. */
export type ContactSection = "messages" | "contacts";
/** The chats' tabs (SPEC §2). */
export type ContactTab = "all" | "unread" | "at";

/** What the chat screen shows beside the side menu: chats, the file library, favourites. */
export type ChatPane = "chats" | "files" | "favourites" | "threads";

/**
 * The editor slot of a chat, or of a thread in it (its drafts, quote and edit are its own):
 * the chat's id, or `chat#root` for a thread's editor.
 */
export function editorSlot(contactId: ContactId, threadId?: string): ContactId {
  return threadId ? `${String(contactId)}#${threadId}` : contactId;
}

/** The message a reply in the editor quotes. */
export interface QuoteDraft {
  msgId: number;
  name: string;
  /** What the quote shows of it: its text, or a label for a picture or file. */
  text: string;
}

interface ChatUiState {
  pane: ChatPane;
  /** Which list the side menu shows. */
  section: ContactSection;
  tab: ContactTab;
  search: string;
  openContactId: ContactId | null;
  /** Editor drafts per chat, restored on return (SPEC §4). */
  drafts: Record<string, string>;
  /** The message each chat's editor quotes, if any. */
  quotes: Record<string, QuoteDraft>;
  /**
   * Text for the open chat's editor to take (re-edit of a withdrawn message, a draft from
   * another device); `nonce` tells one request from the next with the same text.
   */
  editorFill: { contactId: ContactId; text: string; nonce: number } | null;
  /**
   * My sent message the chat's editor is editing (extensions.md §2): its client id and
   * text; `nonce` tells one request from the next.
   */
  editing: {
    contactId: ContactId;
    id: string;
    text: string;
    nonce: number;
  } | null;
  /** A message to bring into view in the open chat (a quote clicked, a search result). */
  jump: { contactId: ContactId; msgId: number; nonce: number } | null;
  /** The thread shown beside (on a phone, over) the open chat: its root's client id. */
  thread: {
    contactId: ContactId;
    rootId: string;
    /** A reply to bring into view once the thread shows (a search result); `nonce` repeats. */
    focus?: { msgId: number; nonce: number };
  } | null;
  /** Shows a list of chats (and leaves the file library). */
  setSection: (section: ContactSection) => void;
  setPane: (pane: ChatPane) => void;
  setTab: (tab: ContactTab) => void;
  setSearch: (search: string) => void;
  open: (contactId: ContactId | null) => void;
  saveDraft: (contactId: ContactId, text: string) => void;
  setQuote: (contactId: ContactId, quote: QuoteDraft | null) => void;
  fillEditor: (contactId: ContactId, text: string) => void;
  jumpTo: (contactId: ContactId, msgId: number) => void;
  /** Puts one of my messages into the chat's editor to be edited. */
  startEdit: (contactId: ContactId, id: string, text: string) => void;
  /** Leaves editing (saved or cancelled). */
  stopEdit: () => void;
  /** Opens a chat's thread beside it (the chat too, when another is open). */
  openThread: (
    contactId: ContactId,
    rootId: string,
    focusMsgId?: number,
  ) => void;
  closeThread: () => void;
}

export const useChatUiStore = create<ChatUiState>((set) => ({
  pane: "chats",
  section: "messages",
  tab: "all",
  search: "",
  openContactId: null,
  drafts: {},
  quotes: {},
  editorFill: null,
  editing: null,
  jump: null,
  thread: null,
  setSection: (section) => set({ section, pane: "chats" }),
  setPane: (pane) => set({ pane }),
  setTab: (tab) => set({ tab }),
  setSearch: (search) => set({ search }),
  // Opening a chat (from the quick switcher, a card) leaves the file library.
  // Another chat leaves the thread of the one before.
  open: (openContactId) =>
    set((s) => ({
      openContactId,
      ...(openContactId === null ? {} : { pane: "chats" as const }),
      ...(s.thread && s.thread.contactId !== openContactId
        ? { thread: null }
        : {}),
    })),
  saveDraft: (contactId, text) =>
    set((s) => ({ drafts: { ...s.drafts, [String(contactId)]: text } })),
  setQuote: (contactId, quote) =>
    set((s) => {
      const key = String(contactId);
      const others = Object.entries(s.quotes).filter(([k]) => k !== key);
      return {
        quotes: Object.fromEntries(quote ? [...others, [key, quote]] : others),
      };
    }),
  fillEditor: (contactId, text) =>
    set((s) => ({
      editorFill: { contactId, text, nonce: (s.editorFill?.nonce ?? 0) + 1 },
    })),
  startEdit: (contactId, id, text) =>
    set((s) => ({
      editing: { contactId, id, text, nonce: (s.editing?.nonce ?? 0) + 1 },
    })),
  stopEdit: () => set({ editing: null }),
  openThread: (contactId, rootId, focusMsgId) =>
    set((s) => ({
      thread: {
        contactId,
        rootId,
        ...(focusMsgId === undefined
          ? {}
          : {
              focus: {
                msgId: focusMsgId,
                nonce: (s.thread?.focus?.nonce ?? 0) + 1,
              },
            }),
      },
      openContactId: contactId,
      pane: "chats",
    })),
  closeThread: () => set({ thread: null }),
  jumpTo: (contactId, msgId) =>
    set((s) => ({
      ...(s.thread && s.thread.contactId !== contactId ? { thread: null } : {}),
      openContactId: contactId,
      pane: "chats",
      jump: { contactId, msgId, nonce: (s.jump?.nonce ?? 0) + 1 },
    })),
}));

/**
 * Brings a stored message into view where it is shown: a reply only in its thread
 * (extensions.md §6) opens the thread beside its chat with the reply marked; any other
 * message is sought in its chat (a search result, a favourite).
 */
export function showStoredMessage(
  contactId: ContactId,
  message: { msg_id: number; thread_id: string; thread_broadcast: number },
): void {
  const ui = useChatUiStore.getState();
  if (message.thread_id !== "" && message.thread_broadcast !== 1)
    ui.openThread(contactId, message.thread_id, message.msg_id);
  else ui.jumpTo(contactId, message.msg_id);
}
