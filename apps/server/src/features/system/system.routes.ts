import { pub } from "@parley/protocol";
import type { Calls } from "../../plugins/calls.js";
import type { SystemService } from "./system.service.js";

export function registerSystemRoutes(
  calls: Calls,
  system: SystemService,
): void {
  calls.register(pub.getSystemInfo, async (_input, ctx) => ({
    data: await system.globalConfig(ctx.lang),
  }));

  calls.register(pub.switchLang, async (input, ctx) => {
    if (ctx.session) await system.setUserLang(ctx.session.userId, input.lang);
    ctx.rememberLanguage(input.lang);
    return {
      data: { lang: input.lang },
      key: "lang.switched",
      lang: input.lang,
    };
  });
}
