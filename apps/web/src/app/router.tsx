import { createHashRouter, Navigate } from "react-router";
import { accountsRoutes } from "../features/accounts";
import { consoleRoutes } from "../features/console";
import { groupsRoutes } from "../features/groups";
import { messagesRoutes } from "../features/messages";
import { systemRoutes } from "../features/system";
import { lazyPage } from "../lib/lazy";
import { Guard } from "./Guard";

// The socket and every feature's handlers load with the first signed-in screen, not /login.
const RealtimeLayout = lazyPage(() =>
  import("./realtime").then((m) => ({ default: m.RealtimeLayout })),
);

/** Hash routing (SPEC §2); every route passes the guard; chat and console share the socket. */
export function createRouter() {
  return createHashRouter([
    {
      element: <Guard />,
      children: [
        ...accountsRoutes,
        ...systemRoutes,
        {
          Component: RealtimeLayout,
          children: [...messagesRoutes, ...groupsRoutes, ...consoleRoutes],
        },
        { path: "*", element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}
