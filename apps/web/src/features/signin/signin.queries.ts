import { people, signin } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";

/** Everything this feature caches: whether two-factor is on for me. */
const signinKey = ["signin"] as const;
const totpKey = (userId: number) => [...signinKey, "totp", userId] as const;

/** Whether I have two-factor on (my own card's `totp`). */
export function useTotpOn(userId: number) {
  return useQuery({
    queryKey: totpKey(userId),
    queryFn: async () =>
      (await call(people.getUserInfo, { user_id: userId }, { silent: true }))
        .data.totp === 1,
  });
}

/** A new secret to scan (not on until a code of it is confirmed). */
export function useTotpSetup() {
  return useMutation({
    mutationFn: async () => (await call(signin.totpSetup, {})).data,
  });
}

/** Turns two-factor on with a code: the recovery codes, shown once. */
export function useTotpEnable(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await call(signin.totpEnable, { code }, { silent: true })).data.recovery,
    onSuccess: () => {
      client.setQueryData(totpKey(userId), true);
    },
  });
}

/** Turns two-factor off with a current code or a recovery code. */
export function useTotpDisable(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await call(signin.totpDisable, { code }, { silent: true });
    },
    onSuccess: () => {
      client.setQueryData(totpKey(userId), false);
    },
  });
}
