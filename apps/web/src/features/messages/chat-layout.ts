/**
 * Below this width the chat screen shows one pane at a time (issue 15, fault 4). It is
 * the width of two columns that still work: the list (240 px) and a conversation whose
 * editor keeps 300 px. chat.module.css repeats it in its phone media queries.
 */
export const PHONE_MAX_WIDTH = 640;
/** Below this width the side menu collapses to icons (SPEC §2, §9). */
export const MENU_COLLAPSE_WIDTH = 900;

/** How the side menu is drawn: a rail with labels, a rail of icons, a bottom bar, or not at all. */
export type ChatNavKind = "labelled" | "icons" | "bar" | "none";

export interface ChatLayout {
  mode: "wide" | "compact" | "phone";
  nav: ChatNavKind;
  list: boolean;
  conversation: boolean;
}

/**
 * What the chat screen shows at a window width. Wide and compact show the menu, the list
 * and the conversation side by side; a phone shows the list with the menu as a bottom
 * bar, or, once a chat is open, that chat alone (its title bar has the way back).
 */
export function chatLayout(width: number, chatOpen: boolean): ChatLayout {
  if (width >= MENU_COLLAPSE_WIDTH)
    return { mode: "wide", nav: "labelled", list: true, conversation: true };
  if (width >= PHONE_MAX_WIDTH)
    return { mode: "compact", nav: "icons", list: true, conversation: true };
  return chatOpen
    ? { mode: "phone", nav: "none", list: false, conversation: true }
    : { mode: "phone", nav: "bar", list: true, conversation: false };
}
