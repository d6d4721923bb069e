import { type ComponentType, useMemo } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { lazyPage } from "../../../lib/lazy";

const ConsoleHomePage = lazyPage(() =>
  import("./ConsoleHomePage").then((m) => ({
    default: m.ConsoleHomePage,
  })),
);
const SettingsPage = lazyPage(() =>
  import("./SettingsPage").then((m) => ({ default: m.SettingsPage })),
);
const UsersPage = lazyPage(() =>
  import("./UsersPage").then((m) => ({ default: m.UsersPage })),
);
const GroupsPage = lazyPage(() =>
  import("./GroupsPage").then((m) => ({ default: m.GroupsPage })),
);
const MessageCentrePage = lazyPage(() =>
  import("./MessageCentrePage").then((m) => ({
    default: m.MessageCentrePage,
  })),
);
const NoticesPage = lazyPage(() =>
  import("./NoticesPage").then((m) => ({ default: m.NoticesPage })),
);
const TasksPage = lazyPage(() =>
  import("./TasksPage").then((m) => ({ default: m.TasksPage })),
);
const FavouritesPage = lazyPage(() =>
  import("./FavouritesPage").then((m) => ({
    default: m.FavouritesPage,
  })),
);
const ComplaintsPage = lazyPage(() =>
  import("./ComplaintsPage").then((m) => ({
    default: m.ComplaintsPage,
  })),
);
const ArticlesPage = lazyPage(() =>
  import("./ArticlesPage").then((m) => ({ default: m.ArticlesPage })),
);
const FilesPage = lazyPage(() =>
  import("./FilesPage").then((m) => ({ default: m.FilesPage })),
);
const BotsPage = lazyPage(() =>
  import("./BotsPage").then((m) => ({ default: m.BotsPage })),
);
const AuditPage = lazyPage(() =>
  import("./AuditPage").then((m) => ({ default: m.AuditPage })),
);

/** The console's pages, each fetched when first shown, inside the frame app/ gives. */
const routes = (Layout: ComponentType): RouteObject[] => [
  {
    path: "/",
    Component: Layout,
    children: [
      { path: "index", Component: ConsoleHomePage },
      { path: "setting", Component: SettingsPage },
      { path: "user", Component: UsersPage },
      { path: "bot", Component: BotsPage },
      { path: "group", Component: GroupsPage },
      { path: "message", Component: MessageCentrePage },
      { path: "notice", Component: NoticesPage },
      { path: "collect", Component: FavouritesPage },
      { path: "opinion", Component: ComplaintsPage },
      { path: "article", Component: ArticlesPage },
      { path: "files", Component: FilesPage },
      { path: "task", Component: TasksPage },
      { path: "audit", Component: AuditPage },
    ],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

/**
 * Everything under /manage: the console's own pages inside `Layout`, the shell app/
 * composes (its menu, the chat and settings dialogs of other features), which renders the
 * page in its Outlet.
 */
export function ConsoleRoutes({ Layout }: { Layout: ComponentType }) {
  return useRoutes(useMemo(() => routes(Layout), [Layout]));
}
