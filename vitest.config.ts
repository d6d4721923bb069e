import path from "node:path";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "./apps/web/e2e/chromium";
import { localeGroups } from "./apps/web/locale-groups";

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine.
    // Test files are isolated from each other (a scratch database, schema and Redis
    // prefix each), and much of a server test's time is spent waiting on I/O, so two run
    // at once.
    maxWorkers: 2,
    projects: [
      {
        // Screen tests: one screen or dialog of the web client drawn in a real Chromium
        // (Vitest's browser mode, the flows' headless shell) with the server stubbed at
        // `fetch`: for what jsdom cannot tell (what fits at a width, what is in view) and
        // the pictures a reviewer looks at (SCREENSHOTS=1), without a server, a second
        // user or a socket, which stay the browser flows' (e2e/).
        plugins: [localeGroups()],
        test: {
          name: "screens",
          root: "apps/web",
          include: ["src/**/*.screen.test.tsx"],
          setupFiles: ["./test/screen-setup.ts"],
          provide: {
            screenshots: process.env.SCREENSHOTS === "1",
            shotsDir: path.resolve("apps/web/e2e/screenshots"),
          },
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: HEADLESS_SHELL,
                args: CHROMIUM_ARGS,
              },
              contextOptions: {
                // As the flows: antd moves nothing, so no picture catches a dialog halfway.
                reducedMotion: "reduce",
                // Room for the widest screen unscaled (Vitest fits the page to the window).
                viewport: { width: 1400, height: 1000 },
              },
            }),
            instances: [{ browser: "chromium" }],
            // Vitest's own pictures of a failure would land in the source tree.
            screenshotFailures: false,
          },
        },
      },
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        // The translations' loaders (src/i18n/index.ts imports them).
        plugins: [localeGroups()],
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          // Screen tests draw in a real Chromium (apps/web/vitest.screens.config.ts).
          exclude: ["src/**/*.screen.test.tsx"],
          environment: "jsdom",
          setupFiles: ["./src/test-setup.ts"],
          // The files of a worker share one module graph (React, antd, i18next loaded
          // once, not once per file: the web suite took 227 s, now about 60 s). Nothing
          // a test leaves is kept: the setup unmounts everything and clears the storage
          // after each test, and the suite passes in any file order (--sequence.shuffle).
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 30_000,
          // One module graph per worker (the suite twice as fast). Each file builds its
          // own app, database, schema and Redis prefix; module state is only caches
          // keyed by database. It passes in any file order (--sequence.shuffle).
          isolate: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
