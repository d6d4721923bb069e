import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { MessagesService } from "./messages.service.js";

export function registerMessageRoutes(
  registry: Calls,
  messages: MessagesService,
): void {
  registry.register(calls.sendMessage, async (input, ctx) => ({
    data: await messages.send(requireSession(ctx).userId, input, ctx.publicUrl),
  }));

  registry.register(calls.getMessageList, async (input, ctx) => {
    const { messages: list, count } = await messages.list(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data: list, count, page: input.page ?? 1 };
  });

  registry.register(calls.setMsgIsRead, async (input, ctx) => {
    await messages.read(requireSession(ctx).userId, input.toContactId);
    return { data: "" as const };
  });
}
