import { defineModule } from "../../context.js";
import { allowedHosts } from "../../lib/public-fetch.js";
import { SecretBox } from "../../lib/secret-box.js";
import type { AccountsService } from "../accounts/accounts.service.js";
import type { AuditService } from "../audit/audit.service.js";
import type { GroupsService } from "../groups/groups.service.js";
import type { MessageEvents } from "../messages/messages.ports.js";
import type { MessagesService } from "../messages/messages.service.js";
import type { SigningKeys } from "../system/system.ports.js";
import { commandsRepository } from "./commands.repository.js";
import { registerCommandRoutes } from "./commands.routes.js";
import {
  CommandsService,
  RESPONSE_URL_LIFETIME_MS,
  RESPONSE_URL_USES,
} from "./commands.service.js";
import { hooksRepository } from "./hooks.repository.js";
import { registerHookRoutes } from "./hooks.routes.js";
import { HooksService } from "./hooks.service.js";
import { OutgoingHooks } from "./outgoing.service.js";

/** What integrations asks of the features below it (app.ts wires each one). */
export interface IntegrationsPorts {
  system: SigningKeys;
  audit: Pick<AuditService, "record">;
  accounts: Pick<AccountsService, "bots" | "activeUser">;
  groups: Pick<GroupsService, "mayManageHooks" | "addHookBot" | "membersAmong">;
  messages: Pick<
    MessagesService,
    "send" | "alreadySent" | "commandChat" | "ephemeral"
  > &
    MessageEvents;
}

/** The integrations feature as the others reach it. */
export class IntegrationsService {
  constructor(
    readonly hooks: HooksService,
    readonly outgoing: OutgoingHooks,
    readonly commands: CommandsService,
  ) {}

  /** Slash commands, as messages asks (its SlashCommands). */
  runCommand(...args: Parameters<CommandsService["run"]>) {
    return this.commands.run(...args);
  }

  /** Stops the outgoing hooks' worker; the POSTs under way finish. */
  close(): Promise<void> {
    return this.outgoing.close();
  }
}

/**
 * Integrations (issue 48, extensions.md §9): a group's incoming and outgoing webhooks, and
 * slash commands.
 */
export const integrationsModule = defineModule(
  "integrations",
  (ctx, ports: IntegrationsPorts) => {
    let box: Promise<SecretBox> | null = null;
    const sealing = () =>
      (box ??= ports.system
        .signingKey("integrations")
        .then((key) => new SecretBox(key)));
    const repo = hooksRepository(ctx.db);
    const fetch = {
      allowHosts: allowedHosts(
        `${ctx.config.LINK_PREVIEW_ALLOW_HOSTS},${ctx.config.HOOK_ALLOW_HOSTS}`,
      ),
    };
    const publicUrl = ctx.config.PUBLIC_URL ?? "";
    const outgoing = new OutgoingHooks({
      repo,
      clock: ctx.clock,
      logger: ctx.logger,
      messages: ports.messages,
      box: sealing,
      fetch,
      publicUrl,
    });
    const hooks = new HooksService({
      repo,
      clock: ctx.clock,
      accounts: ports.accounts,
      groups: ports.groups,
      messages: ports.messages,
      perHook: ctx.limiter(
        "hook",
        ctx.config.RATE_HOOK,
        ctx.config.RATE_HOOK_WINDOW_S,
      ),
      box: sealing,
      changed: (groupId) => outgoing.forget(groupId),
    });
    const commands = new CommandsService({
      repo: commandsRepository(ctx.db),
      clock: ctx.clock,
      policy: ctx.policy,
      audit: ports.audit,
      accounts: ports.accounts,
      groups: ports.groups,
      messages: ports.messages,
      box: sealing,
      signingKey: (purpose) => ports.system.signingKey(purpose),
      fetch,
      perResponseUrl: ctx.limiter(
        "command-response",
        RESPONSE_URL_USES,
        RESPONSE_URL_LIFETIME_MS / 1000,
      ),
      perUser: ctx.limiter(
        "command",
        ctx.config.RATE_COMMAND,
        ctx.config.RATE_COMMAND_WINDOW_S,
      ),
    });
    ports.messages.events.on("groupTextSent", (message) =>
      outgoing.textSent(message),
    );
    // POSTs left waiting by a stop (or by another process) are made.
    outgoing.wake();
    return {
      service: new IntegrationsService(hooks, outgoing, commands),
      register: (calls) => {
        registerHookRoutes(calls, hooks, publicUrl);
        registerCommandRoutes(calls, commands, publicUrl);
      },
    };
  },
);
