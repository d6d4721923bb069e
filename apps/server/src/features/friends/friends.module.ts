import { defineModule } from "../../context.js";
import { friendsRepository } from "./friends.repository.js";
import { registerFriendRoutes } from "./friends.routes.js";
import { FriendsService } from "./friends.service.js";
import type { FriendsPorts } from "./friends.service.js";

/** Friends (enterprise/friend/*): requests, answers, remarks, removal; the friend graph. */
export const friendsModule = defineModule(
  "friends",
  (ctx, ports: FriendsPorts) => {
    const service = new FriendsService({
      repo: friendsRepository(ctx.db),
      clock: ctx.clock,
      publish: ctx.publish,
      ...ports,
    });
    ports.system.events.on("friendMode", () => service.befriendChatPartners());
    ports.accounts.events.on("friendshipsErased", ({ userId, friendIds }) =>
      service.forgotten(userId, friendIds),
    );
    return {
      service,
      register: (calls) => {
        registerFriendRoutes(calls, service);
      },
    };
  },
);
