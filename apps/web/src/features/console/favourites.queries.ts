import { type ConsoleFavourite, manage } from "@parley/protocol";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { consoleKey, type ConsolePageSize } from "./console.queries";

const favouritesKey = [...consoleKey, "favourites"] as const;

/** Everyone's favourites, or one user's, newest first (`manage/collect/index`). */
export function useConsoleFavouritesQuery(
  userId: number | undefined,
  page: number,
  limit: ConsolePageSize,
) {
  return useQuery({
    queryKey: [...favouritesKey, userId ?? 0, page, limit],
    queryFn: async () => {
      const answer = await call(manage.collectIndex, {
        user_id: userId,
        page,
        limit,
      });
      return { favourites: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** Removes someone's favourite (`manage/collect/delCollect`); the message stays. */
export function useRemoveFavouriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favourite: ConsoleFavourite) =>
      call(manage.collectDel, { id: favourite.id }),
    onSuccess: async () => {
      toast("success", i18n.t("console:favourites.removed"));
      await client.invalidateQueries({ queryKey: favouritesKey });
    },
  });
}
