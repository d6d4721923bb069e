import { defineModule } from "../../context.js";
import { friendsRepository } from "./friends.repository.js";
import { FriendsService } from "./friends.service.js";

/** The friend graph; its calls (enterprise/friend/*) are not built yet. */
export const friendsModule = defineModule("friends", (ctx) => ({
  service: new FriendsService(friendsRepository(ctx.db)),
  register: () => undefined,
}));
