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
    // One file at a time. Two at once took the run from about 660 s to 600 s on this
    // 2-core machine (the flows are bound by its CPU: docs/CI-TIMES.md), and starved pages
    // lost races a person never meets (a history jump that read its page two frames too
    // early); until those are fixed at their cause, 60 s is not worth a red run. Each
    // worker has its own range of ports (harness.ts), so raising this needs nothing else.
    fileParallelism: false,
    maxWorkers: 1,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
