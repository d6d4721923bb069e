import { defineModule } from "../../context.js";
import { auditRepository } from "./audit.repository.js";
import { registerAuditRoutes } from "./audit.routes.js";
import { AuditService } from "./audit.service.js";

/** The audit log of console changes (issue 12): written by every console service, read here. */
export const auditModule = defineModule("audit", (ctx) => {
  const service = new AuditService(auditRepository(ctx.db), ctx.clock);
  return {
    service,
    register: (calls) => registerAuditRoutes(calls, service),
  };
});
