import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StartFailed } from "./Startup";

/** What a screen that failed to render shows: a clear message and a way back. */
function RenderFailed() {
  const { t } = useTranslation();
  return (
    <StartFailed
      title={t("errors:unknown")}
      retry={t("common:retry")}
      onRetry={() => {
        window.location.reload();
      }}
    />
  );
}

/**
 * Catches an error thrown while a screen renders, so the page shows a message and a retry
 * instead of going blank (the routes render declaratively: no router error screen).
 */
export class RenderErrorBoundary extends Component<
  { children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderFailed /> : this.props.children;
  }
}
