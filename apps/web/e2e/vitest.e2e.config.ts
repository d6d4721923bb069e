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
    // Two files at once, one per core: 322 s → 215–243 s here. Each worker has its own
    // range of ports (harness.ts). Pages starved of CPU showed three product faults that
    // one file at a time hid, each fixed at its cause: a picture clicked before its
    // preview's code came did nothing; the list followed new messages from the top of a
    // chat opened at its first unread row (the virtualiser's stale "at the bottom"); a
    // read of the chat list that started before a first message landed after it and took
    // the new chat away (api/live-write.ts). A flow is never retried to hide a flake.
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker share one module graph (playwright-core and the harness are
    // loaded once per worker, not once per file); each file has its own server, data and
    // browser contexts, and the harness keeps no state between files.
    isolate: false,
    // A browser on a busy machine is slow: conditions polled in flows get 10 s, not 1.
    expect: { poll: { timeout: 10_000 } },
  },
});
