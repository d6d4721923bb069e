import { people as peopleCalls } from "@parley/protocol";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { call } from "../../api/http";

/** Everything this feature caches: user cards and searches. */
export const peopleKey = ["people"] as const;

/** One user's card, as seen from a group (its profile setting applies) or from anywhere. */
export const userCardKey = (userId: number, groupId?: number) =>
  [...peopleKey, "card", userId, groupId ?? null] as const;

const searchKey = (keywords: string) =>
  [...peopleKey, "search", keywords] as const;

/**
 * The user card (`getUserInfo`). A refusal ("Privacy enabled", a missing user) is shown by
 * the card itself, never as a toast: SPEC §8 has the card ignore non-zero codes silently.
 */
export function useUserCardQuery(userId: number, groupId?: number) {
  return useQuery({
    queryKey: userCardKey(userId, groupId),
    queryFn: async () =>
      (
        await call(
          peopleCalls.getUserInfo,
          {
            user_id: userId,
            ...(groupId !== undefined ? { group_id: groupId } : {}),
          },
          { silent: true },
        )
      ).data,
    retry: false,
    // A card is opened to see someone as they are now: each opening asks again.
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** The add-friend search (`searchUser`): exact account, or name or pinyin; empty asks nothing. */
export function useSearchUsersQuery(keywords: string) {
  const trimmed = keywords.trim();
  return useQuery({
    queryKey: searchKey(trimmed),
    queryFn: async () =>
      (await call(peopleCalls.searchUser, { keywords: trimmed })).data,
    enabled: trimmed !== "",
    retry: false,
    staleTime: 30_000,
  });
}

/**
 * Someone's friendship with me changed (applied, agreed, removed, renamed): their card
 * and every search that may list them are asked again.
 */
export function refreshPerson(client: QueryClient, userId: number): void {
  void client.invalidateQueries({ queryKey: [...peopleKey, "card", userId] });
  void client.invalidateQueries({ queryKey: [...peopleKey, "search"] });
}
