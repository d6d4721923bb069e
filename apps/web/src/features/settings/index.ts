export { type ThemeName, useAppearance } from "./appearance";
export { SettingsDialog } from "./components/SettingsDialog";
export { settingsRealtime } from "./settings.realtime";
export { NotificationOffer } from "./components/NotificationOffer";
