import { commands as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import { adminOf } from "../accounts/admin-of.js";
import type { CommandsService } from "./commands.service.js";
import { payloadBody, receiving } from "./hooks.routes.js";

/** Slash commands (issue 48): the console's calls, and the list the editor offers. */
export function registerCommandRoutes(
  registry: Calls,
  commands: CommandsService,
  publicUrl: string,
): void {
  registry.register(calls.commandAdd, async (input, ctx) => ({
    data: await commands.add(adminOf(ctx), input),
    key: "ok",
  }));
  registry.register(calls.commandIndex, async () => ({
    data: await commands.list(),
  }));
  registry.register(calls.commandDel, async (input, ctx) => {
    await commands.remove(adminOf(ctx), input.command_id);
    return { data: "" as const, key: "ok" };
  });
  registry.register(calls.chatCommands, async (_input, ctx) => {
    requireSession(ctx);
    return { data: await commands.offered() };
  });
  // A command's later answers (Slack's `response_url`).
  registry.receive("/hooks/respond/:token", async (request, reply) => {
    const { token } = request.params as { token: string };
    return receiving(request, reply, () =>
      commands.respond(token, payloadBody(request.body), publicUrl),
    );
  });
}
