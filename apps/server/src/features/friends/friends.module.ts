import { defineModule } from "../../context.js";
import { friendsRepository } from "./friends.repository.js";
import { registerFriendRoutes } from "./friends.routes.js";
import { FriendsService } from "./friends.service.js";

/** Friends (enterprise/friend/*): requests, answers, remarks, removal; the friend graph. */
export const friendsModule = defineModule("friends", (ctx) => {
  const service = new FriendsService({
    repo: friendsRepository(ctx.db),
    clock: ctx.clock,
    publish: ctx.publish,
    services: ctx.services,
  });
  return {
    service,
    register: (calls) => {
      registerFriendRoutes(calls, service);
    },
  };
});
