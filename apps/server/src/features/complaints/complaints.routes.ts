import { complaints as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ComplaintsService } from "./complaints.service.js";

export function registerComplaintRoutes(
  registry: Calls,
  complaints: ComplaintsService,
): void {
  registry.register(calls.reportAdd, async (input, ctx) => {
    await complaints.report(requireSession(ctx).userId, input);
    return {
      data: "" as const,
      key:
        input.type === "suggestion"
          ? "complaint.suggestionReceived"
          : "complaint.received",
    };
  });
  registry.register(calls.complaintIndex, async (input, ctx) => {
    const { complaints: list, count } = await complaints.page(
      { status: input.status, type: input.type },
      input.page,
      input.limit,
      ctx.publicUrl,
    );
    return { data: list, count, page: input.page };
  });
  registry.register(calls.complaintSetStatus, async (input, ctx) => {
    const session = requireSession(ctx);
    await complaints.decide(
      {
        userId: session.userId,
        role: session.role,
        ip: ctx.ip,
        publicUrl: ctx.publicUrl,
      },
      input.id,
      input.status,
      input.remark ?? "",
    );
    return { data: "" as const, key: "ok" };
  });
}
