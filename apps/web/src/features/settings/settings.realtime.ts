import { isSystemNotice, type Message } from "@parley/protocol";
import type { RealtimeContext, RealtimeHandlers } from "../../api/socket";
import { subscribeToPushLater } from "../../api/service-worker";
import { i18n } from "../../i18n";
import { useSessionStore } from "../../stores/session.store";
import { cachedContacts } from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import {
  mentionsMe,
  notificationsGranted,
  showMessageNotification,
  worthTelling,
} from "./desktop-notify";
import { playChime, shouldChime } from "./new-message-sound";

/**
 * Tells the user of a new message: a browser notification when they granted them and the
 * tab is hidden; otherwise the new-message sound when it is on (SPEC §9: the sound is the
 * fallback). Do-not-disturb chats stay quiet, except a mention of me.
 */
function chimeFor(message: Message, ctx: RealtimeContext): void {
  const soundOn = useSessionStore.getState().user?.setting.isVoice ?? false;
  const contacts = cachedContacts(ctx.client);
  const situation = {
    me: ctx.me,
    openChat: useChatUiStore.getState().openContactId,
    visible: document.visibilityState === "visible",
    contacts,
  };
  if (!worthTelling(message, situation)) return;
  if (!situation.visible && notificationsGranted()) {
    const chat = contacts?.find((c) => c.id === message.toContactId);
    showMessageNotification(message, {
      chatName: chat?.displayName,
      t: (key) => i18n.t(key),
      onOpen: (id) => useChatUiStore.getState().open(id),
    });
    return;
  }
  if (
    shouldChime(message, { ...situation, soundOn }) ||
    (soundOn && mentionsMe(message, ctx.me))
  )
    playChime();
}

/** The new-message sound and browser notifications (SPEC §2 Settings: isVoice; issue 11). */
export const settingsRealtime: RealtimeHandlers = {
  // Signed in and bound: this device's push subscription is made or confirmed.
  onBound: () => {
    if (notificationsGranted()) void subscribeToPushLater();
  },
  events: {
    simple: (message, ctx) => {
      if (!isSystemNotice(message)) chimeFor(message, ctx);
    },
    group: (message, ctx) => {
      chimeFor(message, ctx);
    },
  },
};
