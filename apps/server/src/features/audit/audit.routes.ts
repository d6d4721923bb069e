import { manage } from "@parley/protocol";
import type { Calls } from "../../plugins/calls.js";
import type { AuditFilter, AuditService } from "./audit.service.js";

function filterOf(input: {
  action?: string | undefined;
  actor_id?: number | undefined;
  target_id?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}): AuditFilter {
  return {
    action: input.action,
    actorId: input.actor_id,
    targetId: input.target_id || undefined,
    from: input.from,
    to: input.to,
  };
}

export function registerAuditRoutes(
  registry: Calls,
  audit: AuditService,
): void {
  registry.register(manage.auditIndex, async (input) => {
    const { entries, count } = await audit.page(
      filterOf(input),
      input.page,
      input.limit,
    );
    return { data: entries, count, page: input.page };
  });
  registry.register(manage.auditExport, async (input) => ({
    data: await audit.exportCsv(filterOf(input)),
  }));
}
