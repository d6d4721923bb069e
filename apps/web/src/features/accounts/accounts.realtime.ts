import { type RealtimeHandlers, realtime } from "../../api/socket";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { useConnectionStore } from "../../stores/connection.store";
import { useSessionStore } from "../../stores/session.store";
import { readGlobalConfig } from "../system";

/**
 * Eviction (SPEC §4): another login of mine took over, unless several logins are allowed.
 * This socket stops, the session ends here, and the login page says why.
 */
export const accountsRealtime: RealtimeHandlers = {
  events: {
    offline: (data, ctx) => {
      const config = readGlobalConfig(ctx.client);
      const mine = useConnectionStore.getState().clientId;
      if (
        config?.sysInfo.multipleLogin === "1" ||
        data.id !== ctx.me ||
        data.client_id === mine
      )
        return;
      realtime.stop();
      useSessionStore.getState().signOut();
      toast("error", i18n.t("accounts:forcedOffline"));
      ctx.navigate("/login", { replace: true });
    },
  },
};
