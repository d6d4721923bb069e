import type { RouteObject } from "react-router";
import { loadNamespaceGroup } from "../../i18n";
import { lazyDialog } from "../../lib/lazy-parts";
import { lazyPage } from "../../lib/lazy";
import type { NoticesPaneProps } from "./components/NoticesPane";

// The chat screen's parts, composed by app/chat/ChatPage.tsx.
export { chatLayout } from "./chat-layout";
export { ChatNav } from "./components/ChatNav";
export { ChatStart, type ChatStartKind } from "./components/ChatStart";
export { Conversation } from "./components/Conversation";
export { NoConnectionBanner } from "./components/NoConnectionBanner";
export { useChatFromNotification } from "./notification-chat";
export { messagesRealtime } from "./messages.realtime";
export { typingRealtime } from "./typing";
export { refreshChat } from "./messages.queries";
export { startOutbox } from "./outbox";

/**
 * The system notices' pane: its code (and antd's Segmented) comes when the entry is first
 * opened, not with the chat screen (F1, F2). Offline, the failure is said and the pane
 * stays empty; opening the entry again tries again.
 */
export const NoticesPane = lazyDialog<NoticesPaneProps>(
  () =>
    Promise.all([
      import("./components/NoticesPane"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.NoticesPane),
  { useOpen: () => true, onFailed: () => undefined },
);

/** The threads I follow, a pane of the chat screen: fetched when first shown. */
export const ThreadsView = lazyDialog<object>(
  () =>
    Promise.all([
      import("./components/threads/ThreadsView"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.ThreadsView),
  { useOpen: () => true, onFailed: () => undefined },
);

const DownloadPage = lazyPage(() =>
  import("./pages/DownloadPage").then((m) => ({ default: m.DownloadPage })),
);

/** The download page (the chat screen and the demo page are app/'s: app/chat/). */
export const messagesRoutes: RouteObject[] = [
  { path: "/download", Component: DownloadPage },
];
