import { groups as groupCalls } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { refreshGroup } from "./groups.queries";

/** Who the member picker is for: a new group, people to add, or the group's next owner. */
export type MemberPickerTarget =
  | { mode: "create" }
  | { mode: "add"; groupId: number; memberIds: readonly number[] }
  | { mode: "transfer"; groupId: number };

/** Who the member picker offers (`getAllUser`): for a new group, to add, or to hand it to. */
export function usePickerPeopleQuery(target: MemberPickerTarget | null) {
  return useQuery({
    queryKey: ["groups", "picker", target],
    queryFn: async () =>
      (
        await call(
          groupCalls.getAllUser,
          target?.mode === "transfer"
            ? { group_id: target.groupId }
            : target?.mode === "add"
              ? { user_ids: [...target.memberIds] }
              : {},
        )
      ).data,
    enabled: target !== null,
    staleTime: 0,
  });
}

/** Creates a group of me and the people picked (`add`): its contact, to open. */
export function useCreateGroupMutation() {
  return useMutation({
    mutationFn: async (input: { name: string; userIds: number[] }) =>
      (
        await call(groupCalls.add, {
          name: input.name,
          user_ids: input.userIds,
        })
      ).data,
  });
}

/** Adds the people picked to a group (`addGroupUser`) and says how many. */
export function useAddMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { groupId: number; userIds: number[] }) => {
      await call(groupCalls.addGroupUser, {
        id: input.groupId,
        user_ids: input.userIds,
      });
    },
    onSuccess: (_, input) => {
      refreshGroup(client, input.groupId);
      toast(
        "success",
        i18n.t("groups:picker.added", { count: input.userIds.length }),
      );
    },
  });
}

/** Hands a group to one of its members (`changeOwner`), named in the toast. */
export function useTransferGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      groupId: number;
      userId: number;
      name: string | undefined;
    }) => {
      await call(groupCalls.changeOwner, {
        id: input.groupId,
        user_id: input.userId,
      });
    },
    onSuccess: (_, input) => {
      refreshGroup(client, input.groupId);
      toast(
        "success",
        i18n.t("groups:picker.transferred", { name: input.name }),
      );
    },
  });
}

/** Makes a member an administrator (2) or a member again (3) (`setManager`). */
export function useSetManagerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      groupId: number;
      userId: number;
      role: 2 | 3;
    }) => {
      await call(groupCalls.setManager, {
        id: input.groupId,
        user_id: input.userId,
        role: input.role,
      });
    },
    onSuccess: (_, input) => refreshGroup(client, input.groupId),
  });
}

/** Removes a member from a group (`removeUser`); with my own id, I leave it. */
export function useRemoveMemberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { groupId: number; userId: number }) => {
      await call(groupCalls.removeUser, {
        id: input.groupId,
        user_id: input.userId,
      });
    },
    onSuccess: (_, input) => refreshGroup(client, input.groupId),
  });
}

/** How long a mute lasts: a preset of SPEC §9 (1–4), a number of days, or lifted. */
export type MuteLength = { preset: 1 | 2 | 3 | 4 } | { days: number } | "lift";

/** Mutes a member for a while, or lets them speak again (`setNoSpeak`). */
export function useMuteMemberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      groupId: number;
      userId: number;
      length: MuteLength;
    }) => {
      const { length } = input;
      await call(groupCalls.setNoSpeak, {
        id: input.groupId,
        user_id: input.userId,
        noSpeakTimer:
          length === "lift" || !("preset" in length) ? 0 : length.preset,
        ...(length === "lift"
          ? { noSpeakDay: 0 }
          : "days" in length
            ? { noSpeakDay: length.days }
            : {}),
      });
    },
    onSuccess: (_, input) => {
      refreshGroup(client, input.groupId);
      toast(
        "success",
        i18n.t(
          input.length === "lift" ? "groups:mute.lifted" : "groups:mute.done",
        ),
      );
    },
  });
}
