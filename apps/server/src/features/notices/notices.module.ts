import { defineModule } from "../../context.js";
import { noticesRepository } from "./notices.repository.js";
import { registerNoticeRoutes } from "./notices.routes.js";
import { NoticesService } from "./notices.service.js";
import type { NoticesPorts } from "./notices.service.js";

/** System notices (issue 12): published from the console, read in every user's list. */
export const noticesModule = defineModule(
  "notices",
  (ctx, ports: NoticesPorts) => {
    const service = new NoticesService({
      repo: noticesRepository(ctx.db),
      clock: ctx.clock,
      policy: ctx.policy,
      publish: ctx.publish,
      ...ports,
    });
    return {
      service,
      register: (calls) => registerNoticeRoutes(calls, service),
    };
  },
);
