import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { EditsService } from "./edits.service.js";

/** Editing (extensions.md §2): an edit, and a message's earlier versions. */
export function registerEditRoutes(registry: Calls, edits: EditsService): void {
  registry.register(calls.editMessage, async (input, ctx) => ({
    data: await edits.edit(requireSession(ctx).userId, input, ctx.publicUrl),
  }));

  registry.register(calls.messageEdits, async (input, ctx) => ({
    data: await edits.history(requireSession(ctx).userId, input.id),
  }));
}
