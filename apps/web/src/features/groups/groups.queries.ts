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
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { call } from "../../api/http";

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
