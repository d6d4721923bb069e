import { type ContactId, files, uploadMessageType } from "@parley/protocol";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, upload, UploadCancelled } from "../../api/http";
import { isGroupChat, storeSent } from "./messages.queries";
import { type OutboxEntry, useOutboxStore } from "./outbox.store";

/** What a file is sent as: the editor's buttons ask, the file's own type decides (SPEC §5). */
export type FileIntent = "image" | "voice" | "video" | "file";

/**
 * The message type of a chosen file: gif, jpeg and png pictures are images and everything
 * else a file (SPEC §5); the video button's clips are videos, the recorder's clips voice.
 * The server decides again from the bytes; this is what the row shows meanwhile.
 */
export function sendAs(file: File, intent: FileIntent): FileIntent {
  if (intent === "video")
    return file.type.startsWith("video/") ? "video" : "file";
  return uploadMessageType(file.type, intent);
}

/** One try of an entry's upload; the entry's id makes a retry the same message. */
async function run(client: QueryClient, entry: OutboxEntry): Promise<void> {
  const up = entry.upload;
  if (!up) return;
  const { setProgress, setStatus, remove } = useOutboxStore.getState();
  try {
    const { data } = await upload(
      files.uploadFile,
      up.file,
      {
        message: {
          id: entry.id,
          type: up.type,
          toContactId: entry.contactId,
          is_group: isGroupChat(entry.contactId) ? 1 : 0,
          ...(entry.thread_id ? { thread_id: entry.thread_id } : {}),
          ...(entry.thread_broadcast ? { thread_broadcast: 1 } : {}),
          ...(up.duration !== undefined
            ? { extends: { duration: up.duration } }
            : {}),
        },
      },
      {
        signal: up.controller.signal,
        onProgress: (sent, total) =>
          setProgress(entry.id, total > 0 ? sent / total : 0),
      },
    );
    storeSent(client, entry.contactId, data);
    remove(entry.id);
  } catch (error) {
    if (error instanceof UploadCancelled) {
      remove(entry.id);
      return;
    }
    // A refusal (too large, a type not allowed) is shown by the API layer; the row stays, failed.
    setStatus(entry.id, "failed");
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * Sending files: each shows at once in the chat with its progress and a cancel, and becomes
 * the stored message when the server has it; a failed one resends with the same id.
 */
export function useSendFile() {
  const client = useQueryClient();
  const send = useCallback(
    (
      contactId: ContactId,
      file: File,
      intent: FileIntent,
      duration?: number,
      /** A reply in a thread, and whether it also goes to the chat. */
      thread?: { id: string; broadcast: boolean },
    ) => {
      const entry: OutboxEntry = {
        id: crypto.randomUUID(),
        contactId,
        ...(thread ? { thread_id: thread.id } : {}),
        ...(thread?.broadcast ? { thread_broadcast: 1 as const } : {}),
        content: file.name,
        sendTime: Date.now(),
        status: "going",
        upload: {
          file,
          type: sendAs(file, intent),
          localUrl: URL.createObjectURL(file),
          progress: 0,
          ...(duration !== undefined ? { duration } : {}),
          controller: new AbortController(),
        },
      };
      useOutboxStore.getState().put(entry);
      void run(client, entry);
    },
    [client],
  );
  const resend = useCallback(
    (entry: OutboxEntry) => {
      if (!entry.upload) return;
      const again: OutboxEntry = {
        ...entry,
        status: "going",
        upload: {
          ...entry.upload,
          progress: 0,
          controller: new AbortController(),
        },
      };
      useOutboxStore.getState().put(again);
      void run(client, again);
    },
    [client],
  );
  return { send, resend };
}

/** Stops an upload under way; its row goes away. */
export function cancelUpload(entry: OutboxEntry): void {
  entry.upload?.controller.abort();
}
