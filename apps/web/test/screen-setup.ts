import "../src/styles.css";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Whether the pictures are kept (SCREENSHOTS=1), as the flows keep theirs. */
    screenshots: boolean;
    /** Where: the flows' folder, so a reviewer finds every picture in one place. */
    shotsDir: string;
  }
}

// Every namespace from the start: a screen test draws its screen alone.
beforeAll(async () => {
  const { i18n, NAMESPACES } = await import("../src/i18n");
  await i18n.loadNamespaces([...NAMESPACES]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
