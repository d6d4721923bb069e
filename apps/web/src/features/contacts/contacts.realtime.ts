import type { Contact } from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeHandlers } from "../../api/socket";
import { contactsKey, updateContact } from "./contacts.queries";

/** Adds a contact to the list, or replaces the one with its id. */
function putContact(client: QueryClient, contact: Contact): void {
  client.setQueryData<Contact[]>(contactsKey, (list) =>
    list ? [contact, ...list.filter((c) => c.id !== contact.id)] : list,
  );
}

/** Takes a contact out of the list. */
function dropContact(client: QueryClient, id: string): void {
  client.setQueryData<Contact[]>(contactsKey, (list) =>
    list?.filter((c) => c.id !== id),
  );
}

/**
 * Presence in the list; groups joining, leaving, renamed and changed; once bound (the first
 * time too), the list afresh (unread counts, last messages).
 */
export const contactsRealtime: RealtimeHandlers = {
  events: {
    isOnline: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        is_online: data.is_online,
      }));
    },
    addGroup: (contact, ctx) => {
      putContact(ctx.client, contact);
    },
    removeGroup: (data, ctx) => {
      dropContact(ctx.client, data.group_id);
    },
    removeUser: (data, ctx) => {
      if (data.user_id === ctx.me) dropContact(ctx.client, data.group_id);
    },
    editGroupName: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        displayName: data.displayName,
      }));
    },
    setNotice: (data, ctx) => {
      updateContact(ctx.client, data.group_id, (c) => ({
        ...c,
        notice: data.notice,
      }));
    },
    groupSetting: (data, ctx) => {
      updateContact(ctx.client, data.group_id, (c) => ({
        ...c,
        setting: data.setting,
      }));
    },
    // Roles changed: the list afresh carries my role in each group.
    setManager: (_data, ctx) => {
      void ctx.client.invalidateQueries({ queryKey: contactsKey });
    },
    changeOwner: (_data, ctx) => {
      void ctx.client.invalidateQueries({ queryKey: contactsKey });
    },
  },
  onBound: (ctx) => {
    void ctx.client.invalidateQueries({ queryKey: contactsKey });
  },
};
