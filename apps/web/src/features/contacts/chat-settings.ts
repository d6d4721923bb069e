import { type Contact, messages } from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";
import { updateContact } from "./contacts.queries";

/*
 * A chat's own settings (SPEC §4 Groups: pinned `is_top`, do-not-disturb `is_notice`), for
 * single and group chats, never the system entry. The list changes at once; the server's
 * `setChatTop` / `setIsNotice` events bring the same change to my other devices, and a
 * refusal puts it back.
 */

/** Pins (1) or unpins (0) a chat. */
export async function setChatTop(
  client: QueryClient,
  contact: Contact,
  isTop: 0 | 1,
): Promise<void> {
  const before = contact.is_top;
  updateContact(client, contact.id, (c) => ({ ...c, is_top: isTop }));
  try {
    await call(messages.setChatTop, {
      id: contact.id,
      is_top: isTop,
      is_group: contact.is_group,
    });
  } catch (error) {
    updateContact(client, contact.id, (c) => ({ ...c, is_top: before }));
    throw error;
  }
}

/** Do-not-disturb (0) or notify (1) for a chat. */
export async function setChatNotice(
  client: QueryClient,
  contact: Contact,
  isNotice: 0 | 1,
): Promise<void> {
  const before = contact.is_notice;
  updateContact(client, contact.id, (c) => ({ ...c, is_notice: isNotice }));
  try {
    await call(messages.isNotice, {
      id: contact.id,
      is_notice: isNotice,
      is_group: contact.is_group,
    });
  } catch (error) {
    updateContact(client, contact.id, (c) => ({ ...c, is_notice: before }));
    throw error;
  }
}
