import { im } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { MessagesService } from "./messages.service.js";

export function registerMessageRoutes(
  calls: Calls,
  messages: MessagesService,
): void {
  calls.register(im.sendMessage, async (input, ctx) => ({
    data: await messages.send(requireSession(ctx).userId, input, ctx.publicUrl),
  }));

  calls.register(im.getMessageList, async (input, ctx) => {
    const { messages: list, count } = await messages.list(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data: list, count, page: input.page ?? 1 };
  });

  calls.register(im.setMsgIsRead, async (input, ctx) => {
    await messages.read(requireSession(ctx).userId, input.toContactId);
    return { data: "" as const };
  });
}
