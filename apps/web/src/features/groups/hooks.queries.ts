import { integrations } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";

const hooksKey = (groupId: number) => ["groups", groupId, "hooks"] as const;

/** A group's incoming webhooks with their latest deliveries (`enterprise/group/hooks`). */
export function useHooksQuery(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: hooksKey(groupId),
    queryFn: async () => (await call(integrations.hooks, { id: groupId })).data,
    enabled,
  });
}

/** Makes an incoming webhook; answers its URL, shown once. */
export function useAddHookMutation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (
        await call(integrations.addHook, {
          id: groupId,
          kind: "incoming",
          name,
        })
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: hooksKey(groupId) }),
  });
}

/** A new secret for a webhook (the old address stops at once); answers the new address. */
export function useRotateHookMutation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hookId: number) =>
      (await call(integrations.rotateHook, { hook_id: hookId })).data,
    onSettled: () => client.invalidateQueries({ queryKey: hooksKey(groupId) }),
  });
}

/** Deletes a webhook: its URL stops and its bot leaves the group. */
export function useDeleteHookMutation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hookId: number) => {
      await call(integrations.delHook, { hook_id: hookId });
    },
    onSettled: () => client.invalidateQueries({ queryKey: hooksKey(groupId) }),
  });
}
