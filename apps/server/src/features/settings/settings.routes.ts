import { settings as calls } from "@parley/protocol";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { SettingsService } from "./settings.service.js";

export function registerSettingsRoutes(
  registry: Calls,
  settings: SettingsService,
): void {
  registry.register(calls.setting, async (input, ctx) => {
    await settings.update(requireSession(ctx).userId, input);
    return { data: "" as const };
  });

  registry.register(calls.switchLang, async (input, ctx) => {
    if (ctx.session) await settings.setLang(ctx.session.userId, input.lang);
    ctx.rememberLanguage(input.lang);
    return {
      data: { lang: input.lang },
      key: "lang.switched",
      lang: input.lang,
    };
  });
}
