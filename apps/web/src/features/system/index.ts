import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

export { actorOf, useActor } from "./actor";
export { systemRealtime } from "./system.realtime";
export {
  applyConfigUpdate,
  readGlobalConfig,
  systemInfoQuery,
  useGlobalConfig,
  useSystemInfoQuery,
} from "./system.queries";

const NotFoundPage = lazyPage(() =>
  import("./pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })),
);

/** /404: not found, or the closed-system page with its text. */
export const systemRoutes: RouteObject[] = [
  { path: "/404", Component: NotFoundPage },
];
