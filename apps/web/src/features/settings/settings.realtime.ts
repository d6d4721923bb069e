import { type Contact, isSystemNotice, type Message } from "@parley/protocol";
import type { RealtimeContext, RealtimeHandlers } from "../../api/socket";
import { useSessionStore } from "../../stores/session.store";
import { contactsKey } from "../contacts";
import { useChatUiStore } from "../messages";
import { playChime, shouldChime } from "./new-message-sound";

function chimeFor(message: Message, ctx: RealtimeContext): void {
  const soundOn = useSessionStore.getState().user?.setting.isVoice ?? false;
  if (
    shouldChime(message, {
      me: ctx.me,
      soundOn,
      openChat: useChatUiStore.getState().openContactId,
      visible: document.visibilityState === "visible",
      contacts: ctx.client.getQueryData<Contact[]>(contactsKey),
    })
  )
    playChime();
}

/** The new-message sound (SPEC §2 Settings, Common: isVoice). */
export const settingsRealtime: RealtimeHandlers = {
  events: {
    simple: (message, ctx) => {
      if (!isSystemNotice(message)) chimeFor(message, ctx);
    },
    group: (message, ctx) => {
      chimeFor(message, ctx);
    },
  },
};
