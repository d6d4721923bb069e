import { defineModule } from "../../context.js";
import { articlesRepository } from "./articles.repository.js";
import { registerArticleRoutes } from "./articles.routes.js";
import { ArticlesService } from "./articles.service.js";
import type { ArticlesPorts } from "./articles.service.js";

/** Articles (issue 12): administrators write and publish, users read. */
export const articlesModule = defineModule(
  "articles",
  (ctx, ports: ArticlesPorts) => {
    const service = new ArticlesService({
      repo: articlesRepository(ctx.db),
      clock: ctx.clock,
      policy: ctx.policy,
      ...ports,
    });
    return {
      service,
      register: (calls) => registerArticleRoutes(calls, service),
    };
  },
);
