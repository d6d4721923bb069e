import type { Contact } from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { writeLive } from "../../api/live-write";
import type { RealtimeHandlers } from "../../api/socket";
import { readGlobalConfig } from "../system";
import { contactsKey, putContact, updateContact } from "./contacts.queries";

/**
 * Takes a contact out of the list. Events name it as text: `group-N` for a group, and a
 * friend's user id as digits when a friendship ends (wire-contract.md §5.9).
 */
function dropContact(client: QueryClient, id: string): void {
  writeLive<Contact[]>(client, contactsKey, (list) =>
    list?.filter((c) => String(c.id) !== id),
  );
}

/** A person's shown fields after they changed their name or picture. */
export function renamed<
  T extends {
    displayName: string;
    avatar: string;
    name_py: string;
    realname?: string | undefined;
  },
>(
  shown: T,
  change: { realname?: string; name_py?: string; avatar?: string },
): T {
  const next = { ...shown };
  if (change.realname !== undefined) {
    // A remark (friend nickname) is mine: only a name shown as theirs follows theirs.
    const remarked =
      shown.realname !== undefined && shown.displayName !== shown.realname;
    if (!remarked) next.displayName = change.realname;
    if (shown.realname !== undefined) next.realname = change.realname;
    if (!remarked && change.name_py !== undefined)
      next.name_py = change.name_py;
  }
  if (change.avatar !== undefined) next.avatar = change.avatar;
  return next;
}

/**
 * Presence in the list; groups joining, leaving, renamed and changed; new friends and ended
 * friendships; once bound (the first time too), the list afresh (unread counts, last
 * messages); the whole list afresh when the run mode changes (everyone, or friends only).
 */
export const contactsRealtime: RealtimeHandlers = {
  events: {
    // Someone's new name or picture (issue 51 item 14); a remark I gave them stays.
    updateUser: (data, ctx) => {
      updateContact(ctx.client, data.user_id, (c) => renamed(c, data));
    },
    isOnline: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        is_online: data.is_online,
      }));
    },
    addGroup: (contact, ctx) => {
      putContact(ctx.client, contact);
    },
    // A group I left or that was disbanded, or a friend who is one no longer.
    // A disbanded group (`disbanded: 1`, issue 51) stays, marked, until I remove it.
    removeGroup: (data, ctx) => {
      if (data.disbanded !== 1) {
        dropContact(ctx.client, data.group_id);
        return;
      }
      const known = updateContact(ctx.client, data.group_id, (c) => ({
        ...c,
        disbanded: 1,
      }));
      if (!known) void ctx.client.invalidateQueries({ queryKey: contactsKey });
    },
    // A new friend, on both sides (wire-contract.md §5.9).
    appendContact: (contact, ctx) => {
      putContact(ctx.client, contact);
    },
    // Runs before the system feature stores the new config (realtime.tsx lists it last),
    // so the run mode in the cache is still the old one.
    updateConfig: (data, ctx) => {
      const before = readGlobalConfig(ctx.client)?.sysInfo.runMode;
      if (before !== undefined && before !== data.sysInfo.runMode)
        void ctx.client.invalidateQueries({ queryKey: contactsKey });
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
    // My own chat settings, from another of my devices (issue 11).
    setChatTop: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        is_top: data.is_top,
      }));
    },
    setIsNotice: (data, ctx) => {
      updateContact(ctx.client, data.id, (c) => ({
        ...c,
        is_notice: data.is_notice,
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
