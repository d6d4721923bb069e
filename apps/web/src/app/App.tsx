import { system } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider, Spin } from "antd";
import { Suspense, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { HashRouter } from "react-router";
import { call, setSessionEndedHandler } from "../api/http";
import { useAppearance } from "../features/settings";
import { i18n, LANGUAGE_TAGS, useAntdLocale, useLanguage } from "../i18n";
import { setFeedback } from "../lib/feedback";
import { RenderErrorBoundary } from "./RenderErrorBoundary";
import { AppRoutes } from "./router";
import { Startup } from "./Startup";
import { themeConfig } from "./theme";

/** Hands antd's context-aware toasts and dialogs to the API layer. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}

// SPEC §8: confirming the -1 dialog fetches system info again, then reloads regardless.
setSessionEndedHandler(() => {
  void call(system.getSystemInfo, {}, { silent: true })
    .catch(() => undefined)
    .finally(() => window.location.reload());
});

/** The app: providers, start-up, and the routes. */
export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  const lang = useLanguage();
  const antdLocale = useAntdLocale();
  const themeName = useAppearance();
  const theme = useMemo(() => themeConfig(themeName), [themeName]);

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[lang];
  }, [lang]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        <AntApp>
          <FeedbackBridge />
          <QueryClientProvider client={queryClient}>
            <Startup>
              <HashRouter>
                <RenderErrorBoundary>
                  <Suspense fallback={<Spin fullscreen />}>
                    <AppRoutes />
                  </Suspense>
                </RenderErrorBoundary>
              </HashRouter>
            </Startup>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
