import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "./api/service-worker";
import { App } from "./app/App";
import { warmChatScreen } from "./app/router";
import { i18nReady } from "./i18n";
import { useSessionStore } from "./stores/session.store";

// The built app works offline as a shell and takes Web Push (issue 11); the dev server's
// modules change under it, so it has no service worker.
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById("root");
// The first render waits for its language, so no raw key ever shows; a failed fetch still
// renders (with the keys) rather than leaving a blank page.
if (root) {
  void i18nReady()
    .catch(() => undefined)
    .then(() => {
      // Once the language is known (antd's shell fetches that language's pack).
      warmChatScreen(
        useSessionStore.getState().token !== null,
        window.location.hash.replace(/^#/, "").split("?")[0] ?? "",
      );
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
}
