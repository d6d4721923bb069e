import {
  type ContactId,
  DEFAULT_GROUP_SETTING,
  type GroupSetting,
  GroupSettingSchema,
  type GroupInfo,
  type GroupMember,
  groups as groupCalls,
} from "@parley/protocol";
import { z } from "zod/mini";
import {
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { useChatUiStore } from "../../stores/chat-ui.store";
import {
  cachedContacts,
  dropContact,
  putContact,
  refetchContacts,
} from "../contacts";

/** The number of a group chat's contact id (`group-N`), or null for a person's chat. */
export function groupNumber(contactId: ContactId): number | null {
  if (typeof contactId !== "string") return null;
  const match = /^group-(\d+)$/.exec(contactId);
  return match ? Number(match[1]) : null;
}

export const groupInfoKey = (groupId: number) =>
  ["groups", groupId, "info"] as const;
export const groupMembersKey = (groupId: number) =>
  ["groups", groupId, "members"] as const;

/** A group's card (`groupInfo`): name, owner, notice, settings, member count, QR link. */
export function useGroupInfoQuery(groupId: number | null) {
  return useQuery<GroupInfo>({
    queryKey: groupInfoKey(groupId ?? 0),
    queryFn: async () =>
      (await call(groupCalls.groupInfo, { group_id: groupId ?? 0 })).data,
    enabled: groupId !== null,
  });
}

/** The members of a group, owner first, administrators next (`groupuserlist`, one page). */
export function useGroupMembersQuery(groupId: number | null) {
  return useQuery<GroupMember[]>({
    queryKey: groupMembersKey(groupId ?? 0),
    queryFn: async () =>
      (
        await call(groupCalls.groupuserlist, {
          group_id: groupId ?? 0,
          limit: 1000,
        })
      ).data,
    enabled: groupId !== null,
  });
}

/** Fetches a group's card and members afresh, if they are loaded. */
export function refreshGroup(client: QueryClient, groupId: number): void {
  void client.invalidateQueries({ queryKey: ["groups", groupId] });
}

/** Whatever part of a group's setting a contact carries. */
const PartialSettingSchema = z.partial(GroupSettingSchema);

/** A contact's `setting` as a group's, with the defaults filling what is missing. */
export function groupSettingOf(raw: unknown): GroupSetting {
  const parsed = PartialSettingSchema.safeParse(raw);
  return { ...DEFAULT_GROUP_SETTING, ...(parsed.success ? parsed.data : {}) };
}

/** Clears a group's records for everyone (`clearMessage`). */
export function useClearGroupMessagesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (groupId: number) => {
      await call(groupCalls.clearMessage, { id: groupId });
    },
    onSuccess: (_, groupId) => refreshGroup(client, groupId),
  });
}

/** Disbands a group (`removeGroup`); the socket tells every member. */
export function useDisbandGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (groupId: number) => {
      await call(groupCalls.removeGroup, { id: groupId });
    },
    onSuccess: (_, groupId) => refreshGroup(client, groupId),
  });
}

/**
 * Saves part of a group's setting (`groupSetting`). Settled either way, the group is read
 * afresh: a refusal puts the switch back.
 */
export function useGroupSettingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      groupId: number;
      change: Partial<GroupSetting>;
    }) => {
      await call(groupCalls.groupSetting, {
        id: input.groupId,
        setting: input.change,
      });
    },
    onSettled: (_data, _error, input) => refreshGroup(client, input.groupId),
  });
}

/** Publishes a group's notice (`setNotice`), or clears it when empty. */
export function usePublishNoticeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { groupId: number; notice: string }) => {
      await call(groupCalls.setNotice, {
        id: input.groupId,
        notice: input.notice,
      });
    },
    onSuccess: (_, input) => {
      refreshGroup(client, input.groupId);
      toast(
        "success",
        i18n.t(
          input.notice === ""
            ? "groups:notice.cleared"
            : "groups:notice.published",
        ),
      );
    },
  });
}

/** Who has read a group message and who not yet (`readers`), fetched when enabled. */
export function useReadersQuery(
  groupId: number,
  msgId: number,
  /** How many have read it: a new count reads the lists afresh. */
  read: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ["groups", groupId, "readers", msgId, read],
    queryFn: async () =>
      (await call(groupCalls.readers, { id: groupId, msg_id: msgId })).data,
    enabled,
  });
}

/** Renames a group (`editGroupName`). */
export function useRenameGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { groupId: number; name: string }) => {
      await call(groupCalls.editGroupName, {
        id: input.groupId,
        displayName: input.name,
      });
    },
    onSuccess: (_, input) => refreshGroup(client, input.groupId),
  });
}

/**
 * Joins a group from its QR link (`joinGroup`; a refusal is shown by the page, not as a
 * toast): the group goes to the top of my list and its chat opens.
 */
export function useJoinGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await call(groupCalls.joinGroup, { token }, { silent: true })).data,
    onSuccess: (contact) => {
      const already =
        cachedContacts(client)?.some((c) => c.id === contact.id) ?? false;
      putContact(client, contact);
      void refetchContacts(client);
      useChatUiStore.getState().open(contact.id);
      toast(
        "success",
        i18n.t(already ? "groups:join.already" : "groups:join.joined", {
          name: contact.displayName,
        }),
      );
    },
  });
}

/**
 * Removes a disbanded group from my list (`removeDisbanded`, issue 51), closing its chat if
 * it is open.
 */
export function useRemoveDisbandedMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (contactId: ContactId) => {
      await call(groupCalls.removeDisbanded, {
        id: groupNumber(contactId) ?? 0,
      });
    },
    onSuccess: (_, contactId) => {
      dropContact(client, contactId);
      const ui = useChatUiStore.getState();
      if (ui.openContactId === contactId) ui.open(null);
    },
  });
}
