import { ExclamationCircleFilled } from "@ant-design/icons";
import { isLanguage } from "@parley/protocol";
import { Button, Spin, theme } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSystemInfoQuery } from "../features/system";
import { currentLanguage, switchLanguage } from "../i18n";

/**
 * Start-up (SPEC §4): the saved config first, then system info from the server; a
 * different language is switched to in place (SPEC reloads; the effect is the same, and
 * nothing loads twice).
 */
export function Startup({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const systemInfo = useSystemInfoQuery();
  // A saved copy carries time 0: only the server's own answer may switch the language.
  const fetched = systemInfo.dataUpdatedAt > 0 ? systemInfo.data : undefined;

  useEffect(() => {
    if (!fetched) return;
    if (isLanguage(fetched.lang) && fetched.lang !== currentLanguage())
      void switchLanguage(fetched.lang);
  }, [fetched]);

  if (systemInfo.data) return <>{children}</>;
  if (systemInfo.isError) {
    return (
      <StartFailed
        title={t("errors:startFailed")}
        retry={t("common:retry")}
        onRetry={() => void systemInfo.refetch()}
      />
    );
  }
  return <Spin fullscreen />;
}

/**
 * What antd's Result shows, drawn from parts every page loads anyway: Result carries large
 * illustrations, and fetching a chunk for it would fail on the very network that failed.
 */
export function StartFailed(props: {
  title: string;
  retry: string;
  onRetry: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      style={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: token.marginMD,
        padding: `${token.paddingXL * 1.5}px ${token.paddingXL}px`,
        textAlign: "center",
      }}
    >
      <ExclamationCircleFilled
        aria-hidden
        style={{ fontSize: 72, color: token.colorWarning }}
      />
      <h1
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: "normal",
          color: token.colorTextHeading,
        }}
      >
        {props.title}
      </h1>
      <Button type="primary" onClick={props.onRetry}>
        {props.retry}
      </Button>
    </div>
  );
}
