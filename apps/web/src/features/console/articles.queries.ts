import { type ArticleStatus, articles as calls } from "@parley/protocol";
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

const articlesKey = [...consoleKey, "articles"] as const;

/** Which articles the page shows. */
export interface ArticleFilter {
  status?: ArticleStatus | undefined;
  keywords?: string | undefined;
}

/** A page of articles, newest first (`manage/Article/index`). */
export function useConsoleArticlesQuery(
  filter: ArticleFilter,
  page: number,
  limit: ConsolePageSize,
) {
  return useQuery({
    queryKey: [...articlesKey, "list", filter, page, limit],
    queryFn: async () => {
      const answer = await call(calls.articleIndex, {
        ...filter,
        page,
        limit,
      });
      return { articles: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** One article with its body, to edit or preview (`manage/Article/detail`). */
export function useConsoleArticleQuery(id: number | null) {
  return useQuery({
    queryKey: [...articlesKey, "one", id],
    enabled: id !== null,
    queryFn: async () =>
      (await call(calls.articleDetail, { id: id ?? 0 })).data,
  });
}

/** What the dialog saves: a new article (no id) with its state, or an edit. */
export type ArticleSave =
  | { id?: undefined; title: string; content: string; status: ArticleStatus }
  | { id: number; title: string; content: string };

/** Adds or edits an article. */
export function useSaveArticleMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: ArticleSave) => {
      if (save.id === undefined) await call(calls.articleAdd, save);
      else await call(calls.articleEdit, save);
    },
    onSuccess: async (_answer, save) => {
      toast(
        "success",
        i18n.t(
          save.id === undefined && save.status === 1
            ? "console:articles.publishedToast"
            : "console:articles.savedToast",
        ),
      );
      await client.invalidateQueries({ queryKey: articlesKey });
      await client.invalidateQueries({ queryKey: ["articles"] });
    },
  });
}

/** Publishes or takes back an article (`manage/Article/setStatus`). */
export function useArticleStatusMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; status: ArticleStatus }) =>
      call(calls.articleSetStatus, change),
    onSuccess: async (_answer, { status }) => {
      toast(
        "success",
        i18n.t(
          status === 1
            ? "console:articles.publishedToast"
            : "console:articles.unpublishedToast",
        ),
      );
      await client.invalidateQueries({ queryKey: articlesKey });
      await client.invalidateQueries({ queryKey: ["articles"] });
    },
  });
}

/** Deletes an article (`manage/Article/del`). */
export function useDeleteArticleMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(calls.articleDel, { id }),
    onSuccess: async () => {
      toast("success", i18n.t("console:articles.deletedToast"));
      await client.invalidateQueries({ queryKey: articlesKey });
      await client.invalidateQueries({ queryKey: ["articles"] });
    },
  });
}
