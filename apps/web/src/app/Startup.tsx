import { clsx } from "clsx";
import ExclamationCircleFilled from "@ant-design/icons-svg/es/asn/ExclamationCircleFilled";
import { isLanguage } from "@parley/protocol";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import light from "../components/light/light.module.css";
import { FullscreenSpinner } from "../components/light/FullscreenSpinner";
import { SvgIcon } from "../components/light/SvgIcon";
import { useSystemInfoQuery } from "../features/system";
import { currentLanguage, switchLanguage } from "../i18n";
import styles from "./Startup.module.css";

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
  return <FullscreenSpinner />;
}

/**
 * A failed start or screen: a warning, what went wrong and a retry, drawn without antd
 * (antd's Result carries large illustrations, and a chunk fetched for it would fail on the
 * very network that failed).
 */
export function StartFailed(props: {
  title: string;
  retry: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={styles.failed}>
      <SvgIcon icon={ExclamationCircleFilled} className={styles.icon} />
      <h1 className={styles.title}>{props.title}</h1>
      <button
        type="button"
        className={clsx(light.button, light.primary)}
        onClick={props.onRetry}
      >
        {props.retry}
      </button>
    </div>
  );
}
