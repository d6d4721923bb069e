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
  /** The message this one quotes. */
  pid?: number;
  /** A reply in a thread: the root's client id (extensions.md §6). */
  thread_id?: string;
  /** A reply also sent to the chat ("also send to chat"). */
  thread_broadcast?: 1;
  sendTime: number;
  status: "going" | "failed";
  /** Going, but the last try got no answer: sent again by itself once the connection is back. */
  waiting?: boolean;
  /** Failed: why the server refused it, in the reader's language. */
  reason?: string;
  /** A file being sent: the message is the upload's. */
  upload?: OutboxUpload;
}

/** A file on its way (SPEC §4: shown at once, with its progress and a cancel). */
export interface OutboxUpload {
  file: File;
  type: "image" | "voice" | "video" | "file";
  /** An object URL of the file, to draw a picture or play a clip before it is stored. */
  localUrl: string;
  /** 0 to 1 */
  progress: number;
  /** A voice or video clip's length in seconds, when the client knows it. */
  duration?: number;
  /** Cancels this try of the upload. */
  controller: AbortController;
}

interface OutboxState {
  entries: OutboxEntry[];
  put: (entry: OutboxEntry) => void;
  setStatus: (id: string, status: OutboxEntry["status"]) => void;
  /** Changes a text entry's state (going, waiting, failed with its reason). */
  update: (
    id: string,
    change: Partial<Pick<OutboxEntry, "status" | "waiting" | "reason">>,
  ) => void;
  /** Adds entries kept from an earlier page (a reload), after those held, unless held. */
  restore: (entries: readonly OutboxEntry[]) => void;
  /** Forgets every entry (sign-out). */
  clear: () => void;
  setProgress: (id: string, progress: number) => void;
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
  update: (id, change) =>
    set((s) => ({
      entries: s.entries.map((e) => (e.id === id ? { ...e, ...change } : e)),
    })),
  restore: (kept) =>
    set((s) => {
      const held = new Set(s.entries.map((e) => e.id));
      const fresh = kept.filter((e) => !held.has(e.id));
      return fresh.length === 0
        ? s
        : {
            entries: [...fresh, ...s.entries].sort(
              (a, b) => a.sendTime - b.sendTime,
            ),
          };
    }),
  clear: () =>
    set((s) => {
      for (const e of s.entries)
        if (e.upload) URL.revokeObjectURL(e.upload.localUrl);
      return { entries: [] };
    }),
  setProgress: (id, progress) =>
    set((s) => ({
      entries: s.entries.map((e) =>
        e.id === id && e.upload
          ? { ...e, upload: { ...e.upload, progress } }
          : e,
      ),
    })),
  remove: (id) =>
    set((s) => {
      const gone = s.entries.find((e) => e.id === id);
      // The picture drawn before the upload is no longer needed: free its memory.
      if (gone?.upload) URL.revokeObjectURL(gone.upload.localUrl);
      return { entries: s.entries.filter((e) => e.id !== id) };
    }),
}));
