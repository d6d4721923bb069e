import { defineModule } from "../../context.js";
import { registerSettingsRoutes } from "./settings.routes.js";
import { type SettingsPorts, SettingsService } from "./settings.service.js";

/** A user's own preferences: `enterprise/im/setting` and `common/pub/switchLang`. */
export const settingsModule = defineModule(
  "settings",
  (_ctx, ports: SettingsPorts) => {
    const service = new SettingsService(ports);
    return {
      service,
      register: (calls) => registerSettingsRoutes(calls, service),
    };
  },
);
