import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./i18n";

const root = document.getElementById("root");
// The first render waits for its language, so no raw key ever shows; a failed fetch still
// renders (with the keys) rather than leaving a blank page.
if (root) {
  void i18nReady()
    .catch(() => undefined)
    .then(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
}
