#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server, web) and, when present, the
// browser flows. Installs Debian's Chromium and CJK fonts first when the browser flows
// need them and they are missing.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hasBrowserFlows = existsSync("apps/web/e2e");
if (hasBrowserFlows && !existsSync("/usr/bin/chromium")) {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (...args) =>
    run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args);
  console.log(
    "Installing Debian's chromium and fonts-noto-cjk for the browser flows…",
  );
  apt("update");
  apt("install", "-y", "chromium", "fonts-noto-cjk");
}

run("npx", ["vitest", "run"]);
if (hasBrowserFlows) {
  run("npm", ["run", "build"]);
  run("npx", [
    "vitest",
    "run",
    "--config",
    "apps/web/e2e/vitest.e2e.config.ts",
  ]);
}
