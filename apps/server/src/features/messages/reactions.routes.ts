import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ReactionsService } from "./reactions.service.js";

/** Reactions (extensions.md §1): react and unreact, each answering the message's reactions. */
export function registerReactionRoutes(
  registry: Calls,
  reactions: ReactionsService,
): void {
  registry.register(calls.react, async (input, ctx) => ({
    data: await reactions.react(
      requireSession(ctx).userId,
      input.id,
      input.emoji,
    ),
  }));

  registry.register(calls.unreact, async (input, ctx) => ({
    data: await reactions.unreact(
      requireSession(ctx).userId,
      input.id,
      input.emoji,
    ),
  }));
}
