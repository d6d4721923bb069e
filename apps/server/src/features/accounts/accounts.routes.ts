import { im, pub } from "@parley/protocol";
import {
  type CallContext,
  type Calls,
  requireSession,
} from "../../plugins/calls.js";
import type { AccountsService, Origin } from "./accounts.service.js";
import type { CodesService } from "./codes.service.js";

function originOf(ctx: CallContext): Origin {
  return { ip: ctx.ip, userAgent: ctx.userAgent, publicUrl: ctx.publicUrl };
}

export function registerAccountRoutes(
  calls: Calls,
  accounts: AccountsService,
  codes: CodesService,
): void {
  calls.register(pub.login, async (input, ctx) => ({
    data: await accounts.login(input, originOf(ctx)),
    key: "login.ok",
  }));

  calls.register(pub.logout, async (_input, ctx) => {
    await accounts.logout(
      ctx.session?.sessionId ?? null,
      ctx.session?.userId ?? null,
    );
    return { data: "" as const, key: "logout.ok" };
  });

  calls.register(pub.register, async (input, ctx) => ({
    data: await accounts.register(input, originOf(ctx)),
    key: "register.ok",
  }));

  calls.register(pub.sendCode, async (input, ctx) => {
    await codes.send(input.account, input.type, ctx.ip);
    return { data: "" as const, key: "code.sent" };
  });

  calls.register(im.setting, async (input, ctx) => {
    await accounts.updateSetting(requireSession(ctx).userId, input);
    return { data: "" as const };
  });
}
