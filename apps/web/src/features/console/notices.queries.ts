import { manage, type Notice } from "@parley/protocol";
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

const noticesKey = [...consoleKey, "notices"] as const;

/** The console's page of system notices (`manage/index/noticeList`), newest first. */
export function useNoticesQuery(page: number, limit: number) {
  return useQuery({
    queryKey: [...noticesKey, page, limit],
    queryFn: async () => {
      const answer = await call(manage.noticeList, { page, limit });
      return { notices: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** What the notice form sends: `msgId` 0 for a new notice. */
export interface NoticeDraft {
  msgId: number;
  title: string;
  content: string;
}

/** Publishes a new notice to everyone, or changes one (`manage/index/publishNotice`). */
export function usePublishNoticeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: NoticeDraft) => call(manage.publishNotice, draft),
    onSuccess: async (_answer, draft) => {
      toast(
        "success",
        i18n.t(
          draft.msgId === 0
            ? "console:notices.published"
            : "console:notices.saved",
        ),
      );
      await client.invalidateQueries({ queryKey: noticesKey });
    },
  });
}

/** Withdraws a notice from everyone (`manage/index/delNotice`). */
export function useDeleteNoticeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notice: Notice) =>
      call(manage.delNotice, { id: notice.msg_id }),
    onSuccess: async () => {
      toast("success", i18n.t("console:notices.withdrawn"));
      await client.invalidateQueries({ queryKey: noticesKey });
    },
  });
}
