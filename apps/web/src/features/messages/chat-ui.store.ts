import type { ContactId } from "@parley/protocol";
import { create } from "zustand";
import type { ContactSection, ContactTab } from "../contacts";

interface ChatUiState {
  /** Which list the side menu shows. */
  section: ContactSection;
  tab: ContactTab;
  search: string;
  openContactId: ContactId | null;
  /** Editor drafts per chat, restored on return (SPEC §4). */
  drafts: Record<string, string>;
  setSection: (section: ContactSection) => void;
  setTab: (tab: ContactTab) => void;
  setSearch: (search: string) => void;
  open: (contactId: ContactId | null) => void;
  saveDraft: (contactId: ContactId, text: string) => void;
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
    set((s) => ({ drafts: { ...s.drafts, [String(contactId)]: text } })),
}));
