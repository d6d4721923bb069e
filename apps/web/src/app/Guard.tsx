import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useActor, useGlobalConfig } from "../features/system";
import { toast } from "../lib/feedback";
import { useSessionStore } from "../stores/session.store";
import { decideRoute } from "./guards";

/** Applies the routing guard to every route. */
export function Guard() {
  const location = useLocation();
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  const config = useGlobalConfig();
  const actor = useActor();
  const decision = decideRoute({
    path: location.pathname,
    search: location.search,
    signedIn: token !== null && user !== null,
    actor,
    closed: config?.sysInfo.state === "0",
    closeTips: config?.sysInfo.closeTips ?? "",
  });
  const error = decision.kind === "redirect" ? decision.error : undefined;

  useEffect(() => {
    if (error === "noPermission") toast("error", t("errors:noPermission"));
  }, [error, t]);

  if (decision.kind === "redirect")
    return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
