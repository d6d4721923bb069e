import { defineModule } from "../../context.js";
import { GroupAvatarsService } from "./group-avatars.service.js";
import { groupsRepository } from "./groups.repository.js";
import { registerGroupRoutes } from "./groups.routes.js";
import { GroupsService } from "./groups.service.js";
import { registerScanRoutes } from "./scan.routes.js";
import type { GroupsPorts } from "./groups.service.js";
import type { GroupChatRecords } from "../messages/messages.ports.js";

/** Groups: enterprise/group/* — create, members, roles, settings, mutes, transfer, disband. */
export const groupsModule = defineModule(
  "groups",
  (ctx, { chats, ...ports }: GroupsPorts & { chats: GroupChatRecords }) => {
    const repo = groupsRepository(ctx.db, chats);
    const avatars = new GroupAvatarsService({
      repo,
      storage: ctx.storage,
      jobs: ctx.jobs,
      publish: ctx.publish,
      publicUrl: ctx.config.PUBLIC_URL?.replace(/\/+$/, "") ?? "",
    });
    const service = new GroupsService({
      repo,
      avatars,
      clock: ctx.clock,
      publish: ctx.publish,
      policy: ctx.policy,
      ...ports,
    });
    ports.accounts.events.on(
      "membershipsErased",
      ({ userId, groupIds, publicUrl }) =>
        service.membersDeparted(groupIds, userId, publicUrl),
    );
    return {
      service,
      register: (calls) => {
        registerGroupRoutes(calls, service);
        registerScanRoutes(calls);
      },
    };
  },
);
