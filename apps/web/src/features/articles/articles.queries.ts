import {
  ARTICLE_READER_PAGE,
  articles as calls,
  manage,
} from "@parley/protocol";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { call, upload } from "../../api/http";

const readerKey = ["articles"] as const;

/** The published articles, newest first, a page at a time (`enterprise/article/index`). */
export function usePublishedArticlesQuery() {
  return useInfiniteQuery({
    queryKey: [...readerKey, "list"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const answer = await call(calls.articleList, {
        page: pageParam,
        limit: ARTICLE_READER_PAGE,
      });
      return { articles: answer.data, total: answer.count };
    },
    getNextPageParam: (last, pages) =>
      pages.length * ARTICLE_READER_PAGE < last.total
        ? pages.length + 1
        : undefined,
  });
}

/** One published article with its body (`enterprise/article/detail`). */
export function usePublishedArticleQuery(id: number | null) {
  return useQuery({
    queryKey: [...readerKey, "one", id],
    enabled: id !== null,
    queryFn: async () => (await call(calls.articleRead, { id: id ?? 0 })).data,
  });
}

/** Uploads a picture for an article's body (`uploadImage`, purpose article): its address. */
export function useUploadArticleImageMutation() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await upload(manage.uploadImage, file, { purpose: "article" })).data,
  });
}
