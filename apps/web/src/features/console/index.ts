import type { RouteObject } from "react-router";
import { loadNamespaceGroup } from "../../i18n";
import { lazyPage } from "../../lib/lazy";

// The console's frame, its page table and its texts come together; each page's code with
// the page (pages/ConsoleRoutes.tsx), so the screens outside the console carry no list of
// the console pages' files.
const ConsoleRoutes = lazyPage(() =>
  Promise.all([
    import("./pages/ConsoleRoutes"),
    loadNamespaceGroup("console"),
  ]).then(([m]) => ({ default: m.ConsoleRoutes })),
);

/** The console under /manage (the path existing clients use): its frame and its pages. */
export const consoleRoutes: RouteObject[] = [
  { path: "/manage/*", Component: ConsoleRoutes },
];
