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
    // One flow at a time. Two at once (each with its own server, database and browser)
    // took the set from 13 minutes to 7 on this 2-core machine, but three fresh-clone CI
    // runs in a row then failed one flow or another on timing (a toast gone before it was
    // looked for, a tooltip still open): a browser starved of CPU is not what the flows
    // test. Landing reliably is worth the 6 minutes.
    fileParallelism: false,
    maxWorkers: 1,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
