import { type ContactId, uploadRefusal } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import type { SpeakBlock } from "../../groups";
import { useGlobalConfig } from "../../system";
import { resendText } from "../outbox";
import { cancelUpload, type FileIntent, useSendFile } from "../send-file";
import type { ChatItem } from "./chat-items";

/*
 * What the chat and a thread's panel share of sending (issue 44): files checked before
 * they go, a row's resend and cancel, and why the editor is closed.
 */

/**
 * Sends files into a chat (or a thread of it), each as its own message; a file the server
 * would refuse is refused here first, with its reason. With each row's resend and cancel.
 */
export function useChatFiles(
  contactId: ContactId,
  thread?: { id: string; broadcast: boolean },
) {
  const { t } = useTranslation("messages");
  const config = useGlobalConfig();
  const sendFile = useSendFile();
  const send = (files: File[], intent: FileIntent, duration?: number) => {
    for (const file of files) {
      const refusal = config
        ? uploadRefusal(file.name, file.size, config.fileUpload)
        : null;
      if (refusal) {
        toast("warning", t(`errors:keys.${refusal.key}`, refusal));
        continue;
      }
      sendFile.send(contactId, file, intent, duration, thread);
    }
  };
  return {
    send,
    /** Stops a row's upload under way. */
    cancel: (item: ChatItem) => {
      if (item.pending) cancelUpload(item.pending);
    },
    /** Sends a failed or waiting row again, with its id. */
    resend: (item: ChatItem) => {
      if (item.pending?.upload) sendFile.resend(item.pending);
      else if (item.pending) resendText(item.pending.id);
    },
  };
}

/** Why the editor is closed in a group (SPEC §5), in the reader's words; null when open. */
export function blockedText(
  block: SpeakBlock | null,
  t: (key: string, options?: Record<string, string>) => string,
): string | null {
  if (block === null) return null;
  return block.kind === "muted"
    ? t("editor.mutedUntil", { time: new Date(block.until).toLocaleString() })
    : t(`editor.nospeak${block.level}`);
}
