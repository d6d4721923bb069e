import { create } from "zustand";

/** Which list the side menu shows. */
export type ChatSection = "messages" | "contacts";
/** The message list's tabs (SPEC §2). */
export type ChatTab = "all" | "unread" | "at";

interface ChatUiState {
  section: ChatSection;
  tab: ChatTab;
  search: string;
  openContactId: number | null;
  /** Editor drafts per chat, restored on return (SPEC §4). */
  drafts: Record<number, string>;
  setSection: (section: ChatSection) => void;
  setTab: (tab: ChatTab) => void;
  setSearch: (search: string) => void;
  open: (contactId: number | null) => void;
  saveDraft: (contactId: number, text: string) => void;
}

export const useChatUiStore = create<ChatUiState>((set) => ({
  section: "messages",
  tab: "all",
  search: "",
  openContactId: null,
  drafts: {},
  setSection: (section) => set({ section }),
  setTab: (tab) => set({ tab }),
  setSearch: (search) => set({ search }),
  open: (openContactId) => set({ openContactId }),
  saveDraft: (contactId, text) =>
    set((s) => ({ drafts: { ...s.drafts, [contactId]: text } })),
}));
