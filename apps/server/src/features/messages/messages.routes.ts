import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SlashCommands } from "./messages.deps.js";
import type { MessagesService } from "./messages.service.js";

export function registerMessageRoutes(
  registry: Calls,
  messages: MessagesService,
  commands: SlashCommands,
): void {
  registry.register(calls.sendMessage, async (input, ctx) => {
    const userId = requireSession(ctx).userId;
    let typed = input;
    // `/name text` runs a command (extensions.md §9); `//text` sends `/text`.
    if (input.type === "text" && input.file_id === undefined) {
      if (input.content.startsWith("//"))
        typed = { ...input, content: input.content.slice(1) };
      else if (input.content.startsWith("/")) {
        const answer = await commands.runCommand(userId, input, ctx.publicUrl);
        if (answer) return { data: answer };
      }
    }
    return {
      data: await messages.send(userId, typed, ctx.publicUrl, { paced: true }),
    };
  });

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
