import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Outlet, useNavigate } from "react-router";
import { realtime, type RealtimeHandlers } from "../api/socket";
import { accountsRealtime } from "../features/accounts";
import {
  CallOverlayHost,
  callsRealtime,
  leaveCall,
  setCallRecordListener,
} from "../features/calls";
import { contactsRealtime } from "../features/contacts";
import { friendsRealtime } from "../features/friends";
import { groupsRealtime } from "../features/groups";
import {
  messagesRealtime,
  refreshChat,
  startOutbox,
  typingRealtime,
} from "../features/messages";
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
  typingRealtime,
  groupsRealtime,
  friendsRealtime,
  accountsRealtime,
  settingsRealtime,
  callsRealtime,
  systemRealtime,
];

/** While someone is signed in: the socket runs with every feature's handlers; it stops on sign-out. */
export function useRealtime(): void {
  const client = useQueryClient();
  // The declarative router hands out a new navigate with every location; the socket must
  // not restart on each, so its handlers reach the latest one through a ref.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const token = useSessionStore((s) => s.token);
  const me = useSessionStore((s) => s.user?.user_id);

  useEffect(() => {
    if (!token || me === undefined) return;
    const off = realtime.use(FEATURES, {
      client,
      me,
      navigate: (to, options) => void navigateRef.current(to, options),
    });
    // A call's record in the chat with that person follows the call.
    setCallRecordListener((peerId) => {
      refreshChat(client, peerId);
    });
    // Texts left unsent by an earlier page are shown and sent; the socket's bind flushes.
    const stopOutbox = startOutbox(client, me);
    realtime.start({ token, userId: me });
    return () => {
      leaveCall();
      off();
      realtime.stop();
      // Signed out: the device forgets the user's unsent texts too.
      stopOutbox({ forget: useSessionStore.getState().token === null });
    };
  }, [client, token, me]);
}

/** The signed-in screens (chat and console) share one realtime session. */
export function RealtimeLayout() {
  useRealtime();
  return (
    <>
      <Outlet />
      <CallOverlayHost />
    </>
  );
}
