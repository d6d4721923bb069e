import { App as AntApp, ConfigProvider, Spin } from "antd";
import { Suspense, useEffect, useMemo } from "react";
import { Outlet } from "react-router";
import { useAppearance } from "../features/settings";
import { useAntdLocale } from "../i18n";
import { setFeedback } from "../lib/feedback";
import { themeConfig } from "./theme";

/** Hands antd's context-aware toasts and dialogs to the API layer while antd's screens show. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}

/**
 * antd's providers (the user's theme, antd's pack of the language shown) around every
 * screen but the login screen, which loads no antd: this shell is its own chunk, fetched
 * with the first screen that needs it.
 */
export function AntShell() {
  const antdLocale = useAntdLocale();
  const themeName = useAppearance();
  const theme = useMemo(() => themeConfig(themeName), [themeName]);
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <Suspense fallback={<Spin fullscreen />}>
          <Outlet />
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
}
