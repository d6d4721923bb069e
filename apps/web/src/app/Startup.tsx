import { isLanguage, pub } from "@parley/protocol";
import { useQuery } from "@tanstack/react-query";
import { Button, Result, Spin } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api/http";
import { i18n, saveLanguage } from "../i18n";
import { useSessionStore } from "../stores/session.store";

/**
 * Start-up (SPEC §4): the saved config first, then system info from the server; a
 * different language reloads the page in it.
 */
export function Startup({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const saved = useSessionStore((s) => s.config);
  const setConfig = useSessionStore((s) => s.setConfig);
  const systemInfo = useQuery({
    queryKey: ["systemInfo"],
    queryFn: async () =>
      (await call(pub.getSystemInfo, {}, { silent: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

  useEffect(() => {
    const config = systemInfo.data;
    if (!config) return;
    setConfig(config);
    if (isLanguage(config.lang) && config.lang !== i18n.language) {
      saveLanguage(config.lang);
      window.location.reload();
    }
  }, [systemInfo.data, setConfig]);

  if (saved || systemInfo.data) return <>{children}</>;
  if (systemInfo.isError) {
    return (
      <Result
        status="warning"
        title={t("errors:startFailed")}
        extra={
          <Button type="primary" onClick={() => void systemInfo.refetch()}>
            {t("common:retry")}
          </Button>
        }
      />
    );
  }
  return <Spin fullscreen />;
}
