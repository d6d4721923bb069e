import type { Contact } from "@parley/protocol";
import { eventLine } from "../../lib/event-line";
import { htmlToText } from "../../lib/html-text";

type Translate = (key: string, options: Record<string, string>) => string;

/** A chat's last message as its row shows it: text, or a group line in the reader's language. */
export function lastMessagePreview(contact: Contact, t: Translate): string {
  const text = htmlToText(contact.lastContent);
  return contact.type === "event"
    ? eventLine(contact.lastEvent, "", text, t)
    : text;
}

/** The line under a name in the directory: a person's account, or that a group is a group. */
export function directoryLine(contact: Contact, t: Translate): string {
  return contact.is_group === 1
    ? t("contacts:groupRow", {})
    : (contact.account ?? "");
}
