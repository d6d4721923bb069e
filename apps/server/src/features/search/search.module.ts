import { defineModule } from "../../context.js";
import { registerSearchRoutes } from "./search.routes.js";
import { type SearchPorts, SearchService } from "./search.service.js";

/**
 * The global search (issue 45): one search over every chat a person can read, and the
 * people and groups whose names match. Each part is its own feature's; this composes them.
 */
export const searchModule = defineModule(
  "search",
  (ctx, ports: SearchPorts) => {
    const service = new SearchService(
      ports,
      // RATE_SEARCH_USER searches a minute per user, every process together.
      ctx.limiter("search-user", ctx.config.RATE_SEARCH_USER, 60),
    );
    return {
      service,
      register: (calls) => {
        registerSearchRoutes(calls, service);
      },
    };
  },
);
