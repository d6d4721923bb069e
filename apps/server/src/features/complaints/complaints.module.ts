import { defineModule } from "../../context.js";
import { complaintsRepository } from "./complaints.repository.js";
import { registerComplaintRoutes } from "./complaints.routes.js";
import { ComplaintsService } from "./complaints.service.js";
import type { ComplaintsPorts } from "./complaints.service.js";

/** The most reports one user files in an hour. */
const REPORTS_PER_HOUR = 20;

/** Complaints (issue 12): users report, administrators decide. */
export const complaintsModule = defineModule(
  "complaints",
  (ctx, ports: ComplaintsPorts) => {
    const service = new ComplaintsService({
      repo: complaintsRepository(ctx.db),
      clock: ctx.clock,
      policy: ctx.policy,
      ...ports,
      reportsPerUser: ctx.limiter("complaint-user", REPORTS_PER_HOUR, 3600),
    });
    return {
      service,
      register: (calls) => registerComplaintRoutes(calls, service),
    };
  },
);
