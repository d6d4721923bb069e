import { defineModule } from "../../context.js";
import { registerSettingsRoutes } from "./settings.routes.js";
import { SettingsService } from "./settings.service.js";

/** A user's own preferences: `enterprise/im/setting` and `common/pub/switchLang`. */
export const settingsModule = defineModule("settings", (ctx) => {
  const service = new SettingsService(ctx.services);
  return {
    service,
    register: (calls) => registerSettingsRoutes(calls, service),
  };
});
