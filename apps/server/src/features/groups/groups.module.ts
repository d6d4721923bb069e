import { defineModule } from "../../context.js";
import { groupsRepository } from "./groups.repository.js";
import { registerGroupRoutes } from "./groups.routes.js";
import { GroupsService } from "./groups.service.js";

/** Groups: enterprise/group/* — create, members, roles, settings, mutes, transfer, disband. */
export const groupsModule = defineModule("groups", (ctx) => {
  const service = new GroupsService({
    repo: groupsRepository(ctx.db),
    clock: ctx.clock,
    publish: ctx.publish,
    policy: ctx.policy,
    services: ctx.services,
  });
  return {
    service,
    register: (calls) => registerGroupRoutes(calls, service),
  };
});
