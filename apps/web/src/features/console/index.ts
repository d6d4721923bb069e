import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

const ConsoleLayout = lazyPage(() =>
  import("./pages/ConsoleLayout").then((m) => ({ default: m.ConsoleLayout })),
);
const ConsoleHomePage = lazyPage(() =>
  import("./pages/ConsoleHomePage").then((m) => ({
    default: m.ConsoleHomePage,
  })),
);

/** The console under /manage (the path existing clients use): its frame and its pages. */
export const consoleRoutes: RouteObject[] = [
  {
    path: "/manage",
    Component: ConsoleLayout,
    children: [{ path: "index", Component: ConsoleHomePage }],
  },
];
