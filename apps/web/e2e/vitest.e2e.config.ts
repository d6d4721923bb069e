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
    // One file at a time. Two at once took the flows from about 533 s to 415-457 s on
    // this 2-core machine (one file at a time leaves a core idle about a quarter of the
    // time), but a page starved of CPU still loses a jump to a searched message now and
    // then (message-actions, the history panel; not yet understood). A red run costs far
    // more than 80 s, and a flow is never retried to hide a flake: until that jump is
    // fixed at its cause, one at a time. Each worker has its own range of ports
    // (harness.ts), so raising this needs nothing else.
    fileParallelism: false,
    maxWorkers: 1,
    // The files of a worker share one module graph (playwright-core and the harness are
    // loaded once per worker, not once per file); each file has its own server, data and
    // browser contexts, and the harness keeps no state between files.
    isolate: false,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
