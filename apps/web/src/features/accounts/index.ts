import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

export { accountsRealtime } from "./accounts.realtime";
export { useLogoutMutation } from "./accounts.queries";
export { CodeField } from "./components/CodeField";
export { NewPasswordFields } from "./components/NewPasswordFields";

const LoginPage = lazyPage(() =>
  import("./pages/LoginPage").then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazyPage(() =>
  import("./pages/RegisterPage").then((m) => ({ default: m.RegisterPage })),
);

/** /login and /register. */
export const accountsRoutes: RouteObject[] = [
  { path: "/login", Component: LoginPage },
  { path: "/register", Component: RegisterPage },
];
