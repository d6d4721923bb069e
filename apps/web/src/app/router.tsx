import { Navigate, type RouteObject, useRoutes } from "react-router";
import { accountsRoutes, loginRoute } from "../features/accounts";
import { groupsRoutes } from "../features/groups";
import { messagesRoutes } from "../features/messages";
import { systemRoutes } from "../features/system";
import { currentLanguage, loadAntdLocale, loadNamespaceGroup } from "../i18n";
import { lazyPage } from "../lib/lazy";
import { Guard } from "./Guard";

// The socket, every feature's handlers and the signed-in screens' texts load with the
// first signed-in screen, not /login.
const loadRealtime = () =>
  Promise.all([import("./realtime"), loadNamespaceGroup("app")]);
const RealtimeLayout = lazyPage(() =>
  loadRealtime().then(([m]) => ({ default: m.RealtimeLayout })),
);

/**
 * antd's providers for every screen but /login, fetched with antd's pack of the language
 * shown (the first render does not wait for the pack: the login screen has no antd).
 */
export const loadAntShell = () =>
  Promise.all([
    import("./AntShell"),
    loadAntdLocale(currentLanguage()).catch(() => undefined),
  ]).then(([m]) => ({ default: m.AntShell }));
const AntShell = lazyPage(loadAntShell);

/** Fetches the chat screen's code (the route's chunk), to start it before its route renders. */
const loadChatPage = () => import("./chat/ChatPage");
const ChatPage = lazyPage(() =>
  loadChatPage().then((m) => ({ default: m.ChatPage })),
);
const DemoPage = lazyPage(() =>
  Promise.all([import("./chat/DemoPage"), loadNamespaceGroup("later")]).then(
    ([m]) => ({ default: m.DemoPage }),
  ),
);

/** The chat screen (home, /chat) and the demo page: the chat composed of the features. */
const chatRoutes: RouteObject[] = [
  { path: "/", Component: ChatPage },
  { path: "/chat", Component: ChatPage },
  { path: "/demo", Component: DemoPage },
];

// The console's frame, its page table and its texts come together; each page's code with
// the page, so the screens outside the console carry no list of the console's pages.
const ConsoleScreen = lazyPage(() =>
  Promise.all([
    import("./console/ConsoleLayout"),
    loadNamespaceGroup("console"),
    // The console's articles and favourites pages show texts of that group too.
    loadNamespaceGroup("later"),
  ]).then(([m]) => ({ default: m.ConsoleScreen })),
);

/** The console under /manage (the path existing clients use): its frame and its pages. */
const consoleRoutes: RouteObject[] = [
  { path: "/manage/*", Component: ConsoleScreen },
];

/** Whether a page load (signed in or not, at this path of the hash) shows the chat screen. */
export function opensChatScreen(signedIn: boolean, hashPath: string): boolean {
  return signedIn && ["", "/", "/chat"].includes(hashPath);
}

/**
 * Starts fetching the chat screen's code at once when a signed-in user opens it: its three
 * nested lazy parts (antd's shell, the socket layout, the chat page) would otherwise each
 * be fetched only once the one around it rendered, three trips one after another before
 * the first paint (benchmarks.md F2). Only a start: each route still loads its own part,
 * and a failed fetch here is that route's to report.
 */
export function warmChatScreen(signedIn: boolean, hashPath: string): void {
  if (!opensChatScreen(signedIn, hashPath)) return;
  const ignore = () => undefined;
  loadAntShell().catch(ignore);
  loadRealtime().catch(ignore);
  loadChatPage().catch(ignore);
}

/**
 * Every route passes the guard; /login loads no antd; chat and console share the socket.
 */
const routes: RouteObject[] = [
  {
    element: <Guard />,
    children: [
      loginRoute,
      {
        Component: AntShell,
        children: [
          ...accountsRoutes,
          ...systemRoutes,
          {
            Component: RealtimeLayout,
            children: [
              ...chatRoutes,
              ...messagesRoutes,
              ...groupsRoutes,
              ...consoleRoutes,
            ],
          },
          { path: "*", element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

/**
 * The routes (SPEC §2), rendered inside App's HashRouter. Declarative routing, not a data
 * router: no route has a loader or an action, and the data router's engine would add some
 * 16 kB (gzipped) to every screen's first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
