import { files as calls, type FILE_PAGE_SIZES } from "@parley/protocol";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { consoleKey } from "./console.queries";

const filesKey = [...consoleKey, "files"] as const;

/** How many files a page of the console's list shows. */
export type FilePageSize = (typeof FILE_PAGE_SIZES)[number];

/** Which files the page shows: a category (0 every one) and words of the name. */
export interface ConsoleFileFilter {
  cate: 0 | 1 | 2 | 3 | 4 | 5;
  keywords: string;
}

/** A page of every stored file, newest first (`enterprise/files/index` with `is_all` 1). */
export function useConsoleFilesQuery(
  filter: ConsoleFileFilter,
  page: number,
  limit: FilePageSize,
) {
  return useQuery({
    queryKey: [...filesKey, filter, page, limit],
    queryFn: async () => {
      const answer = await call(calls.index, {
        is_all: 1,
        role: 0,
        cate: filter.cate,
        keywords: filter.keywords === "" ? undefined : filter.keywords,
        page,
        limit,
      });
      return { files: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** Removes a file: its messages masked for everyone (`manage/files/del`). */
export function useDeleteFileMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => call(calls.fileDel, { file_id: fileId }),
    onSuccess: async () => {
      toast("success", i18n.t("console:files.deletedToast"));
      await client.invalidateQueries({ queryKey: filesKey });
    },
  });
}
