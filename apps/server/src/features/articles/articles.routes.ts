import { articles as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { ArticlesService, Editor } from "./articles.service.js";

export function registerArticleRoutes(
  registry: Calls,
  articles: ArticlesService,
): void {
  const editor = (ctx: Parameters<typeof requireSession>[0]): Editor => {
    const session = requireSession(ctx);
    return { userId: session.userId, role: session.role, ip: ctx.ip };
  };
  registry.register(calls.articleIndex, async (input) => {
    const { articles: list, count } = await articles.page(
      { status: input.status, keywords: input.keywords },
      input.page,
      input.limit,
    );
    return { data: list, count, page: input.page };
  });
  registry.register(calls.articleDetail, async (input) => ({
    data: await articles.article(input.id, false),
  }));
  registry.register(calls.articleAdd, async (input, ctx) => {
    const id = await articles.add(
      editor(ctx),
      { title: input.title, content: input.content },
      input.status,
    );
    return { data: { id }, key: "ok" };
  });
  registry.register(calls.articleEdit, async (input, ctx) => {
    await articles.edit(editor(ctx), input.id, {
      title: input.title,
      content: input.content,
    });
    return { data: "" as const, key: "ok" };
  });
  registry.register(calls.articleSetStatus, async (input, ctx) => {
    await articles.setStatus(editor(ctx), input.id, input.status);
    return { data: "" as const, key: "ok" };
  });
  registry.register(calls.articleDel, async (input, ctx) => {
    await articles.remove(editor(ctx), input.id);
    return { data: "" as const, key: "ok" };
  });
  registry.register(calls.articleList, async (input) => {
    const { articles: list, count } = await articles.published(
      input.page,
      input.limit,
    );
    return { data: list, count, page: input.page };
  });
  registry.register(calls.articleRead, async (input) => ({
    data: await articles.article(input.id, true),
  }));
}
