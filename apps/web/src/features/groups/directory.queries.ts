import { type Contact, groups as groupCalls } from "@parley/protocol";
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { putContact } from "../contacts";
import { groupInfoKey } from "./groups.queries";

/*
 * Public groups (issue 45): the directory anyone browses, joining one, and a group's
 * description. Used by the Browse groups dialog and the group panel, fetched with them.
 */

/** Public groups a page of the directory lists. */
const DIRECTORY_PAGE = 20;

export const directoryKey = (keywords: string) =>
  ["groups", "directory", keywords] as const;

/** The public groups matching `keywords`, in pinyin order, page after page. */
export function useDirectoryQuery(keywords: string) {
  return useInfiniteQuery({
    queryKey: directoryKey(keywords),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const answer = await call(groupCalls.directory, {
        ...(keywords ? { keywords } : {}),
        page: pageParam,
        limit: DIRECTORY_PAGE,
      });
      return { groups: answer.data, count: answer.count };
    },
    getNextPageParam: (last, pages, lastPage): number | undefined =>
      pages.length * DIRECTORY_PAGE < last.count ? lastPage + 1 : undefined,
  });
}

/** Joins a public group: it is in my chats at once (its event also comes). */
export function useJoinGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (groupId: number): Promise<Contact> =>
      (await call(groupCalls.join, { id: groupId })).data,
    onSuccess: (contact) => {
      putContact(client, contact);
      void client.invalidateQueries({ queryKey: ["groups", "directory"] });
    },
  });
}

/** Says what a group is for (its owner or an administrator). */
export async function setDescription(
  client: QueryClient,
  groupId: number,
  description: string,
): Promise<void> {
  await call(groupCalls.setDescription, { id: groupId, description });
  void client.invalidateQueries({ queryKey: groupInfoKey(groupId) });
}
