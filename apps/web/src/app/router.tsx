import { createHashRouter, Navigate } from "react-router";
import { Guard } from "./Guard";
import { lazyPage } from "./lazy";

const LoginPage = lazyPage(() =>
  import("../features/auth/pages/LoginPage").then((m) => ({
    default: m.LoginPage,
  })),
);
const RegisterPage = lazyPage(() =>
  import("../features/auth/pages/RegisterPage").then((m) => ({
    default: m.RegisterPage,
  })),
);
const ChatPage = lazyPage(() =>
  import("../features/chat/pages/ChatPage").then((m) => ({
    default: m.ChatPage,
  })),
);
const NotFoundPage = lazyPage(() =>
  import("../features/errors/pages/NotFoundPage").then((m) => ({
    default: m.NotFoundPage,
  })),
);
const ManageLayout = lazyPage(() =>
  import("../features/manage/pages/ManageLayout").then((m) => ({
    default: m.ManageLayout,
  })),
);
const ManageHomePage = lazyPage(() =>
  import("../features/manage/pages/ManageHomePage").then((m) => ({
    default: m.ManageHomePage,
  })),
);

/** Hash routing (SPEC §2); every route passes the guard. */
export function createRouter() {
  return createHashRouter([
    {
      element: <Guard />,
      children: [
        { path: "/", element: <ChatPage /> },
        { path: "/chat", element: <ChatPage /> },
        { path: "/demo", element: <ChatPage /> },
        { path: "/login", element: <LoginPage /> },
        { path: "/register", element: <RegisterPage /> },
        { path: "/404", element: <NotFoundPage /> },
        {
          path: "/manage",
          element: <ManageLayout />,
          children: [{ path: "index", element: <ManageHomePage /> }],
        },
        { path: "*", element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}
