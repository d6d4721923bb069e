import { ConfigProvider, theme as antdTheme } from "antd";
import { FullscreenSpinner } from "../components/light/FullscreenSpinner";
import { type ReactNode, Suspense, useMemo } from "react";
import { Outlet } from "react-router";
import { AppModalHost } from "../components/AppModal";
import { useAppearance } from "../features/settings";
import { useReducedMotion } from "../hooks/useReducedMotion";
import { useAntdLocale } from "../i18n";
import { themeConfig } from "./theme";

/**
 * The text of every antd screen in the theme's colour, size and font, as antd's App would
 * set it. antd's App itself is not used: it brings the code of its toasts and dialogs to
 * every screen (some 20 kB gzipped), where the light shell's toasts and warnings (always
 * loaded, components/light) and AppModalHost's confirmations (fetched when first asked
 * for) serve instead.
 */
function Surface({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      className="parley-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/**
 * antd's providers (the user's theme, antd's pack of the language shown) around every
 * screen but the login screen, which loads no antd: this shell is its own chunk, fetched
 * with the first screen that needs it.
 */
export function AntShell() {
  const antdLocale = useAntdLocale();
  const themeName = useAppearance();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(
    () => themeConfig(themeName, { reducedMotion }),
    [themeName, reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <Surface>
        <Suspense fallback={<FullscreenSpinner />}>
          <Outlet />
        </Suspense>
        <AppModalHost />
      </Surface>
    </ConfigProvider>
  );
}
