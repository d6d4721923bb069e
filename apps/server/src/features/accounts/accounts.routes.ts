import { accounts as calls } from "@parley/protocol";
import {
  type CallContext,
  type Calls,
  requireSession,
} from "../../plugins/calls.js";
import type { AccountsService, Origin } from "./accounts.service.js";

function originOf(ctx: CallContext): Origin {
  return { ip: ctx.ip, userAgent: ctx.userAgent, publicUrl: ctx.publicUrl };
}

export function registerAccountRoutes(
  registry: Calls,
  accounts: AccountsService,
): void {
  registry.register(calls.login, async (input, ctx) => ({
    data: await accounts.login(input, originOf(ctx)),
    key: "login.ok",
  }));

  registry.register(calls.welcome, async (input, ctx) => ({
    data: await accounts.welcome(input, originOf(ctx)),
    key: "welcome.ok",
  }));

  registry.register(calls.loginTicket, async (_input, ctx) => ({
    data: await accounts.loginTicket(requireSession(ctx), originOf(ctx)),
  }));

  registry.register(calls.logout, async (_input, ctx) => {
    await accounts.logout(
      ctx.session?.sessionId ?? null,
      ctx.session?.userId ?? null,
    );
    return { data: "" as const, key: "logout.ok" };
  });

  registry.register(calls.register, async (input, ctx) => ({
    data: await accounts.register(input, originOf(ctx)),
    key: "register.ok",
  }));

  registry.register(calls.sendCode, async (input, ctx) => {
    const me = ctx.session
      ? await accounts.activeUser(ctx.session.userId)
      : undefined;
    await accounts.codes.send(
      input.account,
      input.type,
      ctx.ip,
      me?.account ?? null,
      ctx.lang,
    );
    return { data: "" as const, key: "code.sent" };
  });
}
