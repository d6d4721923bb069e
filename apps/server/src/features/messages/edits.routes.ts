import { messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { EditsService } from "./edits.service.js";
import type { MessagesService } from "./messages.service.js";

/**
 * Editing (extensions.md §2): an edit, and a message's earlier versions; and the sender's
 * dismissal of a link preview (§5).
 */
export function registerEditRoutes(
  registry: Calls,
  edits: EditsService,
  messages: Pick<MessagesService, "dismissLinkPreview">,
): void {
  registry.register(calls.editMessage, async (input, ctx) => ({
    data: await edits.edit(requireSession(ctx).userId, input, ctx.publicUrl),
  }));

  registry.register(calls.messageEdits, async (input, ctx) => ({
    data: await edits.history(requireSession(ctx).userId, input.id),
  }));

  registry.register(calls.dismissLinkPreview, async (input, ctx) => {
    await messages.dismissLinkPreview(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });
}
