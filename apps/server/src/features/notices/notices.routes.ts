import { manage } from "@parley/protocol";
import {
  type CallContext,
  type Calls,
  requireSession,
} from "../../plugins/calls.js";
import type { NoticesService, Publisher } from "./notices.service.js";

function publisherOf(ctx: CallContext): Publisher {
  const session = requireSession(ctx);
  return {
    userId: session.userId,
    role: session.role,
    ip: ctx.ip,
    publicUrl: ctx.publicUrl,
  };
}

export function registerNoticeRoutes(
  registry: Calls,
  notices: NoticesService,
): void {
  registry.register(manage.noticeList, async (input) => {
    const { notices: list, count } = await notices.page(
      input.page,
      input.limit,
    );
    return { data: list, count, page: input.page };
  });
  registry.register(manage.publishNotice, async (input, ctx) => {
    await notices.publish(publisherOf(ctx), input);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.delNotice, async (input, ctx) => {
    await notices.remove(publisherOf(ctx), input.id);
    return { data: "" as const, key: "ok" };
  });
}
