import type { ContactId } from "@parley/protocol";
import { create } from "zustand";
import type { ContactSection, ContactTab } from "../contacts";

/** What the chat screen shows beside the side menu: chats, or the file library. */
export type ChatPane = "chats" | "files";

interface ChatUiState {
  pane: ChatPane;
  /** Which list the side menu shows. */
  section: ContactSection;
  tab: ContactTab;
  search: string;
  openContactId: ContactId | null;
  /** Editor drafts per chat, restored on return (SPEC §4). */
  drafts: Record<string, string>;
  /** Shows a list of chats (and leaves the file library). */
  setSection: (section: ContactSection) => void;
  setPane: (pane: ChatPane) => void;
  setTab: (tab: ContactTab) => void;
  setSearch: (search: string) => void;
  open: (contactId: ContactId | null) => void;
  saveDraft: (contactId: ContactId, text: string) => void;
}

export const useChatUiStore = create<ChatUiState>((set) => ({
  pane: "chats",
  section: "messages",
  tab: "all",
  search: "",
  openContactId: null,
  drafts: {},
  setSection: (section) => set({ section, pane: "chats" }),
  setPane: (pane) => set({ pane }),
  setTab: (tab) => set({ tab }),
  setSearch: (search) => set({ search }),
  // Opening a chat (from the quick switcher, a card) leaves the file library.
  open: (openContactId) =>
    set(
      openContactId === null
        ? { openContactId }
        : { openContactId, pane: "chats" },
    ),
  saveDraft: (contactId, text) =>
    set((s) => ({ drafts: { ...s.drafts, [String(contactId)]: text } })),
}));
