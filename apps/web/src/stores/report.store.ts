import type { ComplaintType } from "@parley/protocol";
import { create } from "zustand";

/** What the report dialog is about: a message, a user or a group, and its name. */
export interface ReportTarget {
  type: ComplaintType;
  /** `msg_id`, user id or group id. */
  id: number;
  /** Whom or what the dialog names: the sender, the user, the group. */
  name: string;
}

interface ReportState {
  target: ReportTarget | null;
  open: (target: ReportTarget) => void;
  close: () => void;
}

/** The one report dialog of the chat screen, opened from a message, a card or a group. */
export const useReportStore = create<ReportState>((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));
