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
    fileParallelism: false,
  },
});
