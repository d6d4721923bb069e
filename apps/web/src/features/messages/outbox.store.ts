import type { ContactId } from "@parley/protocol";
import { create } from "zustand";

/** A message the user sent that the server has not acknowledged yet (SPEC §4). */
export interface OutboxEntry {
  /** The client id; a resend reuses it, so the server never stores it twice. */
  id: string;
  contactId: ContactId;
  content: string;
  /** Group messages: the ids mentioned ("0" is everyone). */
  at?: string[];
  sendTime: number;
  status: "going" | "failed";
}

interface OutboxState {
  entries: OutboxEntry[];
  put: (entry: OutboxEntry) => void;
  setStatus: (id: string, status: OutboxEntry["status"]) => void;
  remove: (id: string) => void;
}

/** Unacknowledged sends: UI state, not server data, so it survives refetches. */
export const useOutboxStore = create<OutboxState>((set) => ({
  entries: [],
  put: (entry) =>
    set((s) => ({
      entries: [...s.entries.filter((e) => e.id !== entry.id), entry],
    })),
  setStatus: (id, status) =>
    set((s) => ({
      entries: s.entries.map((e) => (e.id === id ? { ...e, status } : e)),
    })),
  remove: (id) =>
    set((s) => ({ entries: s.entries.filter((e) => e.id !== id) })),
}));
