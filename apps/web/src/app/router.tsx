import { createHashRouter, Navigate } from "react-router";
import { accountsRoutes } from "../features/accounts";
import { consoleRoutes } from "../features/console";
import { messagesRoutes } from "../features/messages";
import { systemRoutes } from "../features/system";
import { Guard } from "./Guard";
import { RealtimeLayout } from "./realtime";

/** Hash routing (SPEC §2); every route passes the guard; chat and console share the socket. */
export function createRouter() {
  return createHashRouter([
    {
      element: <Guard />,
      children: [
        ...accountsRoutes,
        ...systemRoutes,
        {
          element: <RealtimeLayout />,
          children: [...messagesRoutes, ...consoleRoutes],
        },
        { path: "*", element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}
