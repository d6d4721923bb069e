import type { RouteObject } from "react-router";
import { loadNamespaceGroup } from "../../i18n";
import { lazyPage } from "../../lib/lazy";

// The console's frame brings its texts: every console page renders inside it.
const ConsoleLayout = lazyPage(() =>
  Promise.all([
    import("./pages/ConsoleLayout"),
    loadNamespaceGroup("console"),
  ]).then(([m]) => ({ default: m.ConsoleLayout })),
);
const ConsoleHomePage = lazyPage(() =>
  import("./pages/ConsoleHomePage").then((m) => ({
    default: m.ConsoleHomePage,
  })),
);
const SettingsPage = lazyPage(() =>
  import("./pages/SettingsPage").then((m) => ({ default: m.SettingsPage })),
);
const UsersPage = lazyPage(() =>
  import("./pages/UsersPage").then((m) => ({ default: m.UsersPage })),
);
const GroupsPage = lazyPage(() =>
  import("./pages/GroupsPage").then((m) => ({ default: m.GroupsPage })),
);
const MessageCentrePage = lazyPage(() =>
  import("./pages/MessageCentrePage").then((m) => ({
    default: m.MessageCentrePage,
  })),
);
const NoticesPage = lazyPage(() =>
  import("./pages/NoticesPage").then((m) => ({ default: m.NoticesPage })),
);
const TasksPage = lazyPage(() =>
  import("./pages/TasksPage").then((m) => ({ default: m.TasksPage })),
);
const FavouritesPage = lazyPage(() =>
  import("./pages/FavouritesPage").then((m) => ({
    default: m.FavouritesPage,
  })),
);
const ComplaintsPage = lazyPage(() =>
  import("./pages/ComplaintsPage").then((m) => ({
    default: m.ComplaintsPage,
  })),
);
const ArticlesPage = lazyPage(() =>
  import("./pages/ArticlesPage").then((m) => ({ default: m.ArticlesPage })),
);
const FilesPage = lazyPage(() =>
  import("./pages/FilesPage").then((m) => ({ default: m.FilesPage })),
);
const AuditPage = lazyPage(() =>
  import("./pages/AuditPage").then((m) => ({ default: m.AuditPage })),
);

/** The console under /manage (the path existing clients use): its frame and its pages. */
export const consoleRoutes: RouteObject[] = [
  {
    path: "/manage",
    Component: ConsoleLayout,
    children: [
      { path: "index", Component: ConsoleHomePage },
      { path: "setting", Component: SettingsPage },
      { path: "user", Component: UsersPage },
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
];
