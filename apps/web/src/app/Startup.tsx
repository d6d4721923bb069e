import { isLanguage } from "@parley/protocol";
import { Button, Result, Spin } from "antd";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSystemInfoQuery } from "../features/system";
import { i18n, saveLanguage } from "../i18n";

/**
 * Start-up (SPEC §4): the saved config first, then system info from the server; a
 * different language reloads the page in it.
 */
export function Startup({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const systemInfo = useSystemInfoQuery();
  // A saved copy carries time 0: only the server's own answer may switch the language.
  const fetched = systemInfo.dataUpdatedAt > 0 ? systemInfo.data : undefined;

  useEffect(() => {
    if (!fetched) return;
    if (isLanguage(fetched.lang) && fetched.lang !== i18n.language) {
      saveLanguage(fetched.lang);
      window.location.reload();
    }
  }, [fetched]);

  if (systemInfo.data) return <>{children}</>;
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
