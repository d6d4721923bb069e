import { integrations } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";

const hooksKey = (groupId: number) => ["groups", groupId, "hooks"] as const;

/** A group's webhooks with their latest deliveries (`enterprise/group/hooks`). */
export function useHooksQuery(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: hooksKey(groupId),
    queryFn: async () => (await call(integrations.hooks, { id: groupId })).data,
    enabled,
  });
}

/** What a new webhook is: its name, and for an outgoing one its address and trigger words. */
export type NewHook =
  | { kind: "incoming"; name: string }
  | { kind: "outgoing"; name: string; url: string; triggers: string };

/**
 * Makes a webhook; answers an incoming one's URL or an outgoing one's signing key, shown
 * once.
 */
export function useAddHookMutation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hook: NewHook) =>
      (await call(integrations.addHook, { id: groupId, ...hook })).data,
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
