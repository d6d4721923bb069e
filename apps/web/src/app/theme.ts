import { type ThemeConfig, theme as antdTheme } from "antd";
import type { ThemeName } from "../features/settings";

/** Parley's font stack, set once in styles.css for the screens without antd too. */
const FONT_FAMILY = "var(--parley-font)";

/** Parley's look: antd's default algorithm with our brand colour. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1f6feb",
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
  },
};

/**
 * antd's theme for the user's choice (SPEC §2 Settings, Common): ours; a brighter blue
 * scheme; or antd's dark algorithm with a primary that keeps its contrast on dark ground.
 * With `reducedMotion` (the system's "reduce motion"), antd moves nothing: dialogs, popups
 * and toasts appear and go at once.
 */
export function themeConfig(
  name: ThemeName,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  const config = schemeConfig(name);
  return reducedMotion
    ? { ...config, token: { ...config.token, motion: false } }
    : config;
}

function schemeConfig(name: ThemeName): ThemeConfig {
  switch (name) {
    case "default":
      return theme;
    case "blue":
      return {
        token: {
          ...theme.token,
          colorPrimary: "#1677ff",
          colorInfo: "#1677ff",
        },
      };
    case "dark":
      return {
        algorithm: antdTheme.darkAlgorithm,
        token: {
          ...theme.token,
          colorPrimary: "#3b82f6",
          colorInfo: "#3b82f6",
        },
      };
  }
}
