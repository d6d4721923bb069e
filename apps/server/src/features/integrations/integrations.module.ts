import { defineModule } from "../../context.js";
import type { AccountsService } from "../accounts/accounts.service.js";
import type { GroupsService } from "../groups/groups.service.js";
import type { MessagesService } from "../messages/messages.service.js";
import { hooksRepository } from "./hooks.repository.js";
import { registerHookRoutes } from "./hooks.routes.js";
import { HooksService } from "./hooks.service.js";

/** What integrations asks of the features below it (app.ts wires each one). */
export interface IntegrationsPorts {
  accounts: Pick<AccountsService, "bots">;
  groups: Pick<GroupsService, "mayManageHooks" | "addHookBot">;
  messages: Pick<MessagesService, "send">;
}

/** Integrations (issue 48, extensions.md §9): a group's incoming webhooks. */
export const integrationsModule = defineModule(
  "integrations",
  (ctx, ports: IntegrationsPorts) => {
    const service = new HooksService({
      repo: hooksRepository(ctx.db),
      clock: ctx.clock,
      ...ports,
      perHook: ctx.limiter(
        "hook",
        ctx.config.RATE_HOOK,
        ctx.config.RATE_HOOK_WINDOW_S,
      ),
    });
    return {
      service,
      register: (calls) =>
        registerHookRoutes(calls, service, ctx.config.PUBLIC_URL ?? ""),
    };
  },
);
