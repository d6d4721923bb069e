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

/** /login: drawn without antd, outside antd's shell (app/router.tsx). */
export const loginRoute: RouteObject = { path: "/login", Component: LoginPage };

const TwoFactorRequiredPage = lazyPage(() =>
  import("./pages/TwoFactorRequiredPage").then((m) => ({
    default: m.TwoFactorRequiredPage,
  })),
);

const WelcomePage = lazyPage(() =>
  import("./pages/WelcomePage").then((m) => ({ default: m.WelcomePage })),
);

/**
 * /register; /two-factor (two-factor required and not on yet); /welcome (an invitation
 * link: choose a password).
 */
export const accountsRoutes: RouteObject[] = [
  { path: "/register", Component: RegisterPage },
  { path: "/welcome", Component: WelcomePage },
  { path: "/two-factor", Component: TwoFactorRequiredPage },
];
