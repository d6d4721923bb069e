import {
  type Contact,
  type ContactId,
  contacts as contactCalls,
  people as peopleCalls,
  type FoundUser,
} from "@parley/protocol";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/http";
import { writeLive } from "../../api/live-write";
import { useGlobalConfig } from "../system";
import { shownContacts, systemEntry } from "./system-entry";

/**
 * The chat list's cache key. Only this feature touches the cache by it: others read and
 * change the list through the functions below (a test may seed and read it by the key).
 */
export const contactsKey = ["contacts"] as const;

/**
 * The list with the friend-request entry at its end, seeded by the envelope's count and
 * page (wire-contract.md §2.4). It is always cached, and shown only in run mode 2, so a
 * run mode switched live needs no fetch to show or hide it.
 */
async function fetchContacts(): Promise<Contact[]> {
  const answer = await call(contactCalls.getContacts);
  return [...answer.data, systemEntry(answer.count, answer.page)];
}

export function useContactsQuery(enabled = true) {
  const { t } = useTranslation("contacts");
  const runMode = useGlobalConfig()?.sysInfo.runMode;
  const select = useCallback(
    (list: Contact[]) =>
      shownContacts(list, runMode, {
        name: t("system.name"),
        noticesName: t("notices.name"),
        selfName: t("self.name"),
        selfIdle: t("self.idle"),
        idle: t("system.idle"),
        waiting: (count) => t("system.waiting", { count }),
        addedYou: (name) => t("system.addedYou", { name }),
      }),
    [runMode, t],
  );
  return useQuery({
    queryKey: contactsKey,
    queryFn: fetchContacts,
    enabled,
    select,
  });
}

/** Applies a change to one contact in the list; answers whether the contact was there. */
export function updateContact(
  client: QueryClient,
  contactId: ContactId,
  change: (c: Contact) => Contact,
): boolean {
  let found = false;
  writeLive<Contact[]>(client, contactsKey, (list) =>
    list?.map((c) => {
      if (c.id !== contactId) return c;
      found = true;
      return change(c);
    }),
  );
  return found;
}

/** Adds a contact to the list, or replaces the one with its id. */
export function putContact(client: QueryClient, contact: Contact): void {
  writeLive<Contact[]>(client, contactsKey, (list) =>
    list ? [contact, ...list.filter((c) => c.id !== contact.id)] : list,
  );
}

/** Takes a contact out of the list (a friendship ended, a disbanded group removed). */
export function dropContact(client: QueryClient, contactId: ContactId): void {
  writeLive<Contact[]>(client, contactsKey, (list) =>
    list?.filter((c) => c.id !== contactId),
  );
}

/** The list as held now (as the server gave it, before the screen's selection), if held. */
export function cachedContacts(client: QueryClient): Contact[] | undefined {
  return client.getQueryData<Contact[]>(contactsKey);
}

/** Asks the server for the list again (a change the list cannot follow by itself). */
export function refetchContacts(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: contactsKey });
}

/**
 * Someone's chat row from the server (getContactInfo), put in the list: opening a chat
 * with someone not in it yet (from their card, from the quick switcher's directory).
 */
export async function fetchPersonContact(
  client: QueryClient,
  userId: number,
): Promise<Contact> {
  const contact = (await call(peopleCalls.getContactInfo, { id: userId })).data;
  putContact(client, contact);
  return contact;
}

/** The directory's people for the quick switcher's keywords (searchUser), quietly. */
export async function searchDirectory(keywords: string): Promise<FoundUser[]> {
  return (await call(peopleCalls.searchUser, { keywords }, { silent: true }))
    .data;
}

/** The total unread badge: it counts only chats that notify (wire-contract.md §5.2). */
export function totalUnread(list: readonly Contact[]): number {
  return list.reduce((sum, c) => sum + (c.is_notice === 1 ? c.unread : 0), 0);
}

/**
 * Whether a muted chat has unread messages: the total leaves them out, so the side menu
 * shows a dot instead of nothing when they are all there is.
 */
export function mutedNews(list: readonly Contact[]): boolean {
  return list.some((c) => c.is_notice === 0 && c.unread > 0);
}

/** The total unread badge of the chat's side menu and the console's header. */
export function useUnreadTotal(): number {
  return totalUnread(useContactsQuery().data ?? []);
}

/**
 * mutedNews of the user's chats, from the list already held: never a fetch of its own (the
 * side menu mounts afresh as the window crosses a layout width, and each mount would ask
 * the server for the list again).
 */
export function useMutedNews(): boolean {
  return mutedNews(useContactsQuery(false).data ?? []);
}
