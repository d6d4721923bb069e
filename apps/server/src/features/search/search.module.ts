import { defineModule } from "../../context.js";
import { registerSearchRoutes } from "./search.routes.js";
import {
  SEARCHES_PER_MINUTE,
  type SearchPorts,
  SearchService,
} from "./search.service.js";

/**
 * The global search (issue 45): one search over every chat a person can read, and the
 * people and groups whose names match. Each part is its own feature's; this composes them.
 */
export const searchModule = defineModule(
  "search",
  (ctx, ports: SearchPorts) => {
    const service = new SearchService(
      ports,
      ctx.limiter("search-user", SEARCHES_PER_MINUTE, 60),
    );
    return {
      service,
      register: (calls) => {
        registerSearchRoutes(calls, service);
      },
    };
  },
);
