import { search as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SearchService } from "./search.service.js";

/** The global search (issue 45): `enterprise/im/search`. */
export function registerSearchRoutes(
  registry: Calls,
  search: SearchService,
): void {
  registry.register(calls.search, async (input, ctx) => ({
    data: await search.search(requireSession(ctx).userId, input, ctx.publicUrl),
  }));
}
