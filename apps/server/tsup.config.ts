import { defineConfig } from "tsup";

// The protocol package ships TypeScript sources; the server bundle carries its own copy.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: ["@parley/protocol"],
});
