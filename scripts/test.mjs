#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server, web) and, when present, the
// browser flows. Installs Debian's Chromium and CJK fonts first when the browser flows
// need them and they are missing, and the colour emoji font when it can.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hasBrowserFlows = existsSync("apps/web/e2e");
const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
const aptArgs = (args) => [
  sudo[0] ?? "apt-get",
  sudo.length ? ["apt-get", ...args] : args,
];
const apt = (...args) => run(...aptArgs(args));
if (hasBrowserFlows && !existsSync("/usr/bin/chromium")) {
  console.log(
    "Installing Debian's chromium and fonts-noto-cjk for the browser flows…",
  );
  apt("update");
  apt("install", "-y", "chromium", "fonts-noto-cjk");
}
// Emoji in the screenshots: drawn by the colour emoji font when it can be had (the
// flows assert nothing about it, so a machine without it still runs them).
if (
  hasBrowserFlows &&
  !existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
) {
  const [command, args] = aptArgs([
    "install",
    "-y",
    "--no-install-recommends",
    "fonts-noto-color-emoji",
  ]);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0)
    console.warn("fonts-noto-color-emoji not installed: emoji show as boxes.");
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
