import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { realtime, type RealtimeHandlers } from "../api/socket";
import { accountsRealtime } from "../features/accounts";
import { contactsRealtime } from "../features/contacts";
import { groupsRealtime } from "../features/groups";
import { messagesRealtime } from "../features/messages";
import { useSessionStore } from "../stores/session.store";

/** Every feature's socket handlers; on a reconnect they catch up in this order. */
const FEATURES: readonly RealtimeHandlers[] = [
  contactsRealtime,
  messagesRealtime,
  groupsRealtime,
  accountsRealtime,
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
