#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server on SQLite, web), the browser
// flows on the built product, and with TEST_DATABASE_URL the server suites again on
// PostgreSQL (and Redis, with TEST_REDIS_URL). Installs Debian's Chromium and CJK fonts
// first when the browser flows need them and they are missing, and the colour emoji font
// when it can.
import { existsSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";

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
}

/** Runs a command to its end; its output goes to the console, or kept for later. */
function runAsync(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) =>
      resolve({ code, output: Buffer.concat(output).toString() }),
    );
  });
}

// The browser flows spend most of their time waiting on a page or a server, so the server
// suites' second run, on PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL; CI sets
// them), goes alongside them on the cores they leave. Its output is printed when it ends.
started = Date.now();
const [flows, postgres] = await Promise.all([
  hasBrowserFlows
    ? runAsync("npx", [
        "vitest",
        "run",
        "--config",
        "apps/web/e2e/vitest.e2e.config.ts",
      ]).then((result) => {
        timed("browser flows", started);
        return result;
      })
    : { code: 0, output: "" },
  postgresUrl
    ? runAsync(
        "npx",
        ["vitest", "run", "--project", "server", "--maxWorkers=1"],
        {
          env: process.env,
          quiet: true,
        },
      ).then((result) => {
        timed("server suites on PostgreSQL", started);
        return result;
      })
    : null,
]);
if (postgres) {
  console.log("== server suites on PostgreSQL and Redis");
  console.log(postgres.output.trimEnd());
}
if (flows.code !== 0 || (postgres && postgres.code !== 0)) process.exit(1);
