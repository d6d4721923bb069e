#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server on SQLite, web), the browser
// flows on the built product, and with TEST_DATABASE_URL the server suites again on
// PostgreSQL (and Redis, with TEST_REDIS_URL). Installs Debian's Chromium, its headless
// shell and CJK fonts first when the browser flows need them and they are missing, and the
// colour emoji font when it can.
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
// The flows run in Chromium's headless shell; notifications and Web Push in the whole one.
if (
  hasBrowserFlows &&
  !["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].every(existsSync)
) {
  console.log(
    "Installing Debian's chromium, chromium-headless-shell and fonts-noto-cjk for the browser flows…",
  );
  apt("update");
  apt("install", "-y", "chromium", "chromium-headless-shell", "fonts-noto-cjk");
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

// The unit suites always run on the embedded database: TEST_DATABASE_URL (and
// REQUIRE_SERVICES, which asks that run to be on PostgreSQL) are kept for the second run
// of the server suites below.
const postgresUrl = process.env.TEST_DATABASE_URL;
const sqliteEnv = { ...process.env };
delete sqliteEnv.TEST_DATABASE_URL;
delete sqliteEnv.REQUIRE_SERVICES;
const timed = (label, started) =>
  console.log(`== ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);

let started = Date.now();
run("npx", ["vitest", "run"], { env: sqliteEnv });
timed("unit suites (protocol, server on SQLite, web)", started);

if (hasBrowserFlows) {
  started = Date.now();
  run("npm", ["run", "build"]);
  timed("build", started);
  started = Date.now();
  run("npx", [
    "vitest",
    "run",
    "--config",
    "apps/web/e2e/vitest.e2e.config.ts",
  ]);
  timed("browser flows", started);
}

// The server suites again on PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL; CI
// sets them). Not alongside the browser flows: both keep the two cores busy, and together
// they took as long as one after the other, with the flows starved (docs/CI-TIMES.md).
if (postgresUrl) {
  started = Date.now();
  run("npx", ["vitest", "run", "--project", "server"]);
  timed("server suites on PostgreSQL and Redis", started);
}
