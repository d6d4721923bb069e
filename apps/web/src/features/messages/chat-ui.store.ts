import { create } from "zustand";
import type { ContactSection, ContactTab } from "../contacts";

interface ChatUiState {
  /** Which list the side menu shows. */
  section: ContactSection;
  tab: ContactTab;
  search: string;
  openContactId: number | null;
  /** Editor drafts per chat, restored on return (SPEC §4). */
  drafts: Record<number, string>;
  setSection: (section: ContactSection) => void;
  setTab: (tab: ContactTab) => void;
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
