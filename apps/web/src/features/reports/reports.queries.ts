import { type ComplaintReason, complaints as calls } from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../api/http";
import { toast } from "../../lib/feedback";
import type { ReportTarget } from "../../stores/report.store";

/** What the dialog sends with its target. */
export interface ReportDetails {
  reason: ComplaintReason;
  content: string;
}

/** Files a report (`enterprise/complaint/add`); the server says thank you in its words. */
export function useReportMutation() {
  return useMutation({
    mutationFn: ({
      target,
      details,
    }: {
      target: ReportTarget;
      details: ReportDetails;
    }) =>
      call(calls.reportAdd, {
        type: target.type,
        id: target.id,
        reason: details.reason,
        content: details.content.trim(),
      }),
    onSuccess: (answer) => {
      if (answer.msg) toast("success", answer.msg);
    },
  });
}

/** Sends a suggestion to the administrators (`enterprise/complaint/add`, no target). */
export function useSuggestionMutation() {
  return useMutation({
    mutationFn: (content: string) =>
      call(calls.reportAdd, { type: "suggestion", content: content.trim() }),
    onSuccess: (answer) => {
      if (answer.msg) toast("success", answer.msg);
    },
  });
}
