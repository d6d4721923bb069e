import { defineConfig } from "tsup";

// The protocol package ships TypeScript sources; the server bundle carries its own copy.
// Kysely and zod (plain ESM, no native parts) go into the bundle too: loaded from
// node_modules they are hundreds of small files, each opened, read and compiled apart at
// every start (issue 14, W7 cold start: ~690 → ~550 ms here). CommonJS packages stay
// outside (bundled into ESM they would require Node's own modules dynamically).
export default defineConfig({
  // The server, `npm run archive` and `npm run import` (issue 47).
  entry: {
    main: "src/main.ts",
    archive: "src/archive/main.ts",
    import: "src/importers/main.ts",
    openapi: "src/openapi/main.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: ["@parley/protocol", "kysely", "zod"],
});
