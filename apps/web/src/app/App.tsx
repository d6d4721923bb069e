import { system } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { HashRouter } from "react-router";
import { call, setSessionEndedHandler } from "../api/http";
import { FullscreenSpinner } from "../components/light/FullscreenSpinner";
import { LightFeedbackHost } from "../components/light/LightFeedbackHost";
import { i18n, LANGUAGE_TAGS, useLanguage } from "../i18n";
import { RenderErrorBoundary } from "./RenderErrorBoundary";
import { clearCacheOnUserChange } from "./session-cache";
import { AppRoutes } from "./router";
import { Startup } from "./Startup";

// SPEC §8: confirming the -1 dialog fetches system info again, then reloads regardless.
setSessionEndedHandler(() => {
  void call(system.getSystemInfo, {}, { silent: true })
    .catch(() => undefined)
    .finally(() => window.location.reload());
});

/**
 * The app: providers, start-up, and the routes. No antd here: the login screen loads none
 * (benchmarks.md F1); antd's providers wrap the other screens (AntShell).
 */
export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  const lang = useLanguage();

  useEffect(() => clearCacheOnUserChange(queryClient), [queryClient]);

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[lang];
  }, [lang]);

  return (
    <I18nextProvider i18n={i18n}>
      <LightFeedbackHost />
      <QueryClientProvider client={queryClient}>
        <Startup>
          <HashRouter>
            <RenderErrorBoundary>
              <Suspense fallback={<FullscreenSpinner />}>
                <AppRoutes />
              </Suspense>
            </RenderErrorBoundary>
          </HashRouter>
        </Startup>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
