import { defineConfig } from "vitest/config";

// Browser flows: a real server process (the built product) and Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    root: "apps/web/e2e",
    include: ["**/*.e2e.ts"],
    environment: "node",
    // One Chromium for the run (global-setup.ts); a failed flow's pictures and traces
    // (failures.ts).
    globalSetup: ["./global-setup.ts"],
    setupFiles: ["./failures.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two files at once, each with its own server and data: a flow spends most of its
    // time waiting on a page or the server, not on the CPU.
    maxWorkers: 2,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
