import {
  type ComplaintStatus,
  type ComplaintType,
  complaints as calls,
} from "@parley/protocol";
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

const complaintsKey = [...consoleKey, "complaints"] as const;

/** Which reports the page shows. */
export interface ComplaintFilter {
  status?: ComplaintStatus | undefined;
  type?: ComplaintType | undefined;
}

/** A page of reports, newest first (`manage/Complaint/index`). */
export function useComplaintsQuery(
  filter: ComplaintFilter,
  page: number,
  limit: ConsolePageSize,
) {
  return useQuery({
    queryKey: [...complaintsKey, filter, page, limit],
    queryFn: async () => {
      const answer = await call(calls.complaintIndex, {
        ...filter,
        page,
        limit,
      });
      return { complaints: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** Marks a report handled (1) or dismissed (2), with a note (`manage/Complaint/setStatus`). */
export function useDecideComplaintMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; status: 1 | 2; remark: string }) =>
      call(calls.complaintSetStatus, decision),
    onSuccess: async (_answer, { status }) => {
      toast(
        "success",
        i18n.t(
          status === 1
            ? "console:complaints.handledToast"
            : "console:complaints.dismissedToast",
        ),
      );
      await client.invalidateQueries({ queryKey: complaintsKey });
    },
  });
}
