import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { realtime, type RealtimeHandlers } from "../api/socket";
import { accountsRealtime } from "../features/accounts";
import { contactsRealtime } from "../features/contacts";
import { friendsRealtime } from "../features/friends";
import { groupsRealtime } from "../features/groups";
import { messagesRealtime } from "../features/messages";
import { systemRealtime } from "../features/system";
import { settingsRealtime } from "../features/settings";
import { useSessionStore } from "../stores/session.store";

/**
 * Every feature's socket handlers; each event and each reconnect's catch-up reach them in
 * this order. System comes last: the others compare a new config with the one it replaces.
 */
const FEATURES: readonly RealtimeHandlers[] = [
  contactsRealtime,
  messagesRealtime,
  groupsRealtime,
  friendsRealtime,
  accountsRealtime,
  settingsRealtime,
  systemRealtime,
];

/** While someone is signed in: the socket runs with every feature's handlers; it stops on sign-out. */
export function useRealtime(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const me = useSessionStore((s) => s.user?.user_id);

  useEffect(() => {
    if (!token || me === undefined) return;
    const off = realtime.use(FEATURES, {
      client,
      me,
      navigate: (to, options) => void navigate(to, options),
    });
    realtime.start({ token, userId: me });
    return () => {
      off();
      realtime.stop();
    };
  }, [client, navigate, token, me]);
}

/** The signed-in screens (chat and console) share one realtime session. */
export function RealtimeLayout() {
  useRealtime();
  return <Outlet />;
}
