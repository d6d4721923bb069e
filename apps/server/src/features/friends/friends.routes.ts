import { friends as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { FriendsService } from "./friends.service.js";

export function registerFriendRoutes(
  registry: Calls,
  friends: FriendsService,
): void {
  registry.register(calls.index, async (input, ctx) => {
    const { requests, count } = await friends.requests(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data: requests, count, page: input.page };
  });
  registry.register(calls.add, async (input, ctx) => {
    await friends.apply(
      requireSession(ctx).userId,
      input.user_id,
      input.remark,
      ctx.publicUrl,
    );
    return { data: "" as const, key: "friend.applied" };
  });
  registry.register(calls.update, async (input, ctx) => {
    await friends.answer(
      requireSession(ctx).userId,
      input.friend_id,
      input.status === 1,
      ctx.publicUrl,
    );
    return {
      data: "" as const,
      key: input.status === 1 ? "friend.agreed" : "friend.refused",
    };
  });
  registry.register(calls.del, async (input, ctx) => {
    await friends.remove(requireSession(ctx).userId, input.id);
    return { data: "" as const, key: "friend.deleted" };
  });
  registry.register(calls.setNickname, async (input, ctx) => {
    await friends.setNickname(
      requireSession(ctx).userId,
      input.friend_id,
      input.nickname,
    );
    return { data: "" as const, key: "friend.nicknameSet" };
  });
  registry.register(calls.getApplyMsg, async (_input, ctx) => ({
    data: (await friends.waiting(requireSession(ctx).userId)).count,
  }));
}
