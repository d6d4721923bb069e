import { defineConfig } from "vitest/config";

// Browser flows: a real server process (the built product) and Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    root: "apps/web/e2e",
    include: ["**/*.e2e.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two flows at once, each with its own server process, database and browser: the
    // flows spend most of their time waiting on a browser or a socket, so two share this
    // 2-core machine well (the whole set in about 6 minutes instead of 13).
    fileParallelism: true,
    maxWorkers: 2,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
