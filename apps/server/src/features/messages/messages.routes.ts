import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { MessagesService } from "./messages.service.js";

export function registerMessageRoutes(
  registry: Calls,
  messages: MessagesService,
): void {
  registry.register(calls.sendMessage, async (input, ctx) => ({
    data: await messages.send(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
      {
        paced: true,
      },
    ),
  }));

  registry.register(calls.getMessageList, async (input, ctx) => {
    const { messages: list, count } = await messages.list(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    // A cursor forces page 1, and the answer says so (wire-contract.md §5.4).
    const cursor = input.last_id !== undefined && input.last_id > 0;
    return { data: list, count, page: cursor ? 1 : (input.page ?? 1) };
  });

  registry.register(calls.setMsgIsRead, async (input, ctx) => {
    await messages.read(requireSession(ctx).userId, input.toContactId);
    return { data: "" as const };
  });
}
