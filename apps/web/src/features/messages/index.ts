import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

export { ChatDialog } from "./components/ChatDialog";
export { messagesRealtime } from "./messages.realtime";
export { refreshChat } from "./messages.queries";
export { startOutbox } from "./outbox";

/** Fetches the chat screen's code (the route's chunk), to start it before its route renders. */
export const loadChatPage = () => import("./pages/ChatPage");

const ChatPage = lazyPage(() =>
  loadChatPage().then((m) => ({ default: m.ChatPage })),
);

const DemoPage = lazyPage(() =>
  import("./pages/DemoPage").then((m) => ({ default: m.DemoPage })),
);

const DownloadPage = lazyPage(() =>
  import("./pages/DownloadPage").then((m) => ({ default: m.DownloadPage })),
);

/** The chat screen (home, /chat), the demo page, the download page. */
export const messagesRoutes: RouteObject[] = [
  { path: "/", Component: ChatPage },
  { path: "/download", Component: DownloadPage },
  { path: "/chat", Component: ChatPage },
  { path: "/demo", Component: DemoPage },
];
