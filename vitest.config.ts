import { defineConfig } from "vitest/config";
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
