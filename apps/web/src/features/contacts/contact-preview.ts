import type { Contact } from "@parley/protocol";
import { eventLine } from "../../lib/event-line";
import { htmlToText } from "../../lib/html-text";

type Translate = (key: string, options: Record<string, string>) => string;

/** The last-message labels of file messages, by type. */
const FILE_LABELS: Record<string, string> = {
  image: "contacts:last.image",
  emoji: "contacts:last.sticker",
  voice: "contacts:last.voice",
  video: "contacts:last.video",
  file: "contacts:last.file",
  webrtc: "contacts:last.call",
};

/** The translation key of a file message's label ([Picture], [Voice]…), if it is one. */
export function fileLabelKey(type: string): string | undefined {
  return FILE_LABELS[type];
}

/**
 * A chat's last message as its row shows it: text; a group line in the reader's language;
 * a label for a picture, clip or file (its content is an address); and SPEC §4's
 * '[unsupported message type]' for a type this client does not know.
 */
export function lastMessagePreview(
  contact: Contact,
  t: Translate,
  /** The reader: a line about their own message says "You". */
  me = 0,
): string {
  const type = contact.type ?? "text";
  if (type === "event")
    return eventLine(
      contact.lastEvent,
      "",
      htmlToText(contact.lastContent),
      t,
      me !== 0 && Number(contact.lastEvent?.user_id) === me,
    );
  // A group notice's line is stored in Chinese for existing clients: shown translated.
  if (type === "text" && contact.lastEvent?.event === "notice")
    return t("messages:events.notice", {
      notice:
        typeof contact.lastEvent.notice === "string"
          ? contact.lastEvent.notice
          : "",
    });
  if (type === "text" || contact.lastContent === "")
    return htmlToText(contact.lastContent);
  const label = FILE_LABELS[type];
  return label ? t(label, {}) : t("contacts:last.unsupported", {});
}

/** The line under a name in the directory: a person's account, or that a group is a group. */
export function directoryLine(contact: Contact, t: Translate): string {
  return contact.is_group === 1
    ? t("contacts:groupRow", {})
    : (contact.account ?? "");
}
