import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

export { useChatUiStore } from "./chat-ui.store";
export { messagesRealtime } from "./messages.realtime";

const ChatPage = lazyPage(() =>
  import("./pages/ChatPage").then((m) => ({ default: m.ChatPage })),
);

/** The chat screen: home, /chat, and /demo until the demo page is built. */
export const messagesRoutes: RouteObject[] = [
  { path: "/", Component: ChatPage },
  { path: "/chat", Component: ChatPage },
  { path: "/demo", Component: ChatPage },
];
