import { type Favourite, favourites as favouriteCalls } from "@parley/protocol";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n, loadNamespaceGroup } from "../../i18n";
import { toast } from "../../lib/feedback";
import { FAVOURITE_PAGE_SIZE } from "./favourites-paging";

/** Everything this feature caches: every page of my favourites. */
export const favouritesKey = ["favourites"] as const;

/** One page of my favourites and how many there are in all. */
export interface FavouritesPage {
  favourites: Favourite[];
  total: number;
}

/** A page of my favourites (`collect/index`), newest first. */
export function useFavouritesQuery(page: number) {
  return useQuery({
    queryKey: [...favouritesKey, page],
    queryFn: async (): Promise<FavouritesPage> => {
      const answer = await call(favouriteCalls.index, {
        page,
        limit: FAVOURITE_PAGE_SIZE,
      });
      return { favourites: answer.data, total: answer.count };
    },
    // Turning the page keeps the old cards until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves a message to my favourites (`collect/add`) and says so in the server's words
 * ("Added to favourites"); the list comes afresh. Saving it again is harmless: the
 * server answers the favourite it already has.
 */
export async function saveFavourite(
  client: QueryClient,
  msgId: number,
): Promise<Favourite> {
  const answer = await call(favouriteCalls.add, { msg_id: msgId });
  // Saved from a chat's menu, the favourites' own texts may not be here yet.
  if (!answer.msg) await loadNamespaceGroup("later").catch(() => undefined);
  toast("success", answer.msg || i18n.t("favourites:saved"));
  await client.invalidateQueries({ queryKey: favouritesKey });
  return answer.data;
}

/** `saveFavourite` as a mutation: `mutate(msgId)`. A refusal was already shown. */
export function useSaveFavouriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (msgId: number) => saveFavourite(client, msgId),
  });
}

/**
 * Removes one of my favourites (`collect/del`): gone from the page shown at once, then
 * every page comes afresh (the next page's first card moves up).
 */
export function useRemoveFavouriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await call(favouriteCalls.del, { id });
      return answer.msg;
    },
    onSuccess: (msg, id) => {
      client.setQueriesData<FavouritesPage>(
        { queryKey: favouritesKey },
        (page) => {
          if (!page?.favourites.some((f) => f.id === id)) return page;
          return {
            favourites: page.favourites.filter((f) => f.id !== id),
            total: Math.max(0, page.total - 1),
          };
        },
      );
      toast("success", msg || i18n.t("favourites:removed"));
    },
    onSettled: () => client.invalidateQueries({ queryKey: favouritesKey }),
  });
}
