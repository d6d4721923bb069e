import {
  type Contact,
  type ContactId,
  contacts as contactCalls,
} from "@parley/protocol";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { call } from "../../api/http";

export const contactsKey = ["contacts"] as const;

export function useContactsQuery(enabled = true) {
  return useQuery({
    queryKey: contactsKey,
    queryFn: async () => (await call(contactCalls.getContacts)).data,
    enabled,
  });
}

/** Applies a change to one contact in the list; answers whether the contact was there. */
export function updateContact(
  client: QueryClient,
  contactId: ContactId,
  change: (c: Contact) => Contact,
): boolean {
  let found = false;
  client.setQueryData<Contact[]>(contactsKey, (list) =>
    list?.map((c) => {
      if (c.id !== contactId) return c;
      found = true;
      return change(c);
    }),
  );
  return found;
}

/** The total unread badge: it counts only chats that notify (wire-contract.md §5.2). */
export function totalUnread(list: readonly Contact[]): number {
  return list.reduce((sum, c) => sum + (c.is_notice === 1 ? c.unread : 0), 0);
}

/** The total unread badge of the chat's side menu and the console's header. */
export function useUnreadTotal(): number {
  return totalUnread(useContactsQuery().data ?? []);
}
