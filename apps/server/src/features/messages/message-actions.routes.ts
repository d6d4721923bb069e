import { favourites, files, manage, messages as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { MessageActionsService } from "./message-actions.service.js";
import type { ModerationService } from "./moderation.service.js";

export function registerMessageActionRoutes(
  registry: Calls,
  actions: MessageActionsService,
  moderation: ModerationService,
): void {
  registry.register(manage.dealMsg, async (input, ctx) => {
    const session = requireSession(ctx);
    await moderation.moderate(
      { userId: session.userId, role: session.role, ip: ctx.ip },
      input.id,
      input.msg_id,
      input.dealType,
    );
    return { data: "" as const, key: "ok" };
  });

  registry.register(files.fileDel, async (input, ctx) => {
    const session = requireSession(ctx);
    await moderation.removeFile(
      { userId: session.userId, role: session.role, ip: ctx.ip },
      input.file_id,
    );
    return { data: "" as const, key: "ok" };
  });

  registry.register(manage.collectIndex, async (input, ctx) => {
    const { favourites: rows, count } = await moderation.allFavourites(
      input.user_id,
      input.page,
      input.limit,
      ctx.publicUrl,
    );
    return { data: rows, count, page: input.page };
  });

  registry.register(manage.collectDel, async (input, ctx) => {
    const session = requireSession(ctx);
    await moderation.removeAnyFavourite(
      { userId: session.userId, role: session.role, ip: ctx.ip },
      input.id,
    );
    return { data: "" as const, key: "ok" };
  });

  registry.register(calls.undoMessage, async (input, ctx) => {
    await actions.withdraw(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });

  registry.register(calls.delMessage, async (input, ctx) => {
    await actions.deleteForEveryone(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });

  registry.register(calls.removeMessage, async (input, ctx) => {
    await actions.hideForMe(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });

  registry.register(calls.forwardMessage, async (input, ctx) => {
    await actions.forward(
      requireSession(ctx).userId,
      input.msg_id,
      input.user_ids,
      ctx.publicUrl,
    );
    return { data: "" as const, key: "message.forwarded" };
  });

  registry.register(calls.setChatTop, async (input, ctx) => {
    await actions.setTop(requireSession(ctx).userId, input.id, input.is_top);
    return { data: "" as const };
  });

  registry.register(calls.isNotice, async (input, ctx) => {
    await actions.setNotice(
      requireSession(ctx).userId,
      input.id,
      input.is_notice,
    );
    return { data: "" as const };
  });

  registry.register(calls.setDraft, async (input, ctx) => {
    await actions.setDraft(
      requireSession(ctx).userId,
      input.toContactId,
      input.draft,
    );
    return { data: "" as const };
  });

  registry.register(favourites.add, async (input, ctx) => ({
    data: await actions.saveFavourite(
      requireSession(ctx).userId,
      input.msg_id,
      ctx.publicUrl,
    ),
    key: "favourite.saved",
  }));

  registry.register(favourites.index, async (input, ctx) => {
    const page = input.page ?? 1;
    const { list, count } = await actions.favourites(
      requireSession(ctx).userId,
      { page, limit: input.limit ?? favourites.FAVOURITE_PAGE_SIZE },
      ctx.publicUrl,
    );
    return { data: list, count, page };
  });

  registry.register(favourites.del, async (input, ctx) => {
    await actions.removeFavourite(requireSession(ctx).userId, input.id);
    return { data: "" as const };
  });
}
