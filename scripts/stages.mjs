// The stages of `npm test` and `npm run check`, shared by both scripts. A stage is a
// command; `runAtOnce` runs several side by side, each one's output kept and printed whole
// when it ends, and `runInTurn` one with its output as it comes.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const hasBrowserFlows = existsSync("apps/web/e2e");

/**
 * The unit suites always run on the embedded database: TEST_DATABASE_URL (and
 * REQUIRE_SERVICES, which asks that run to be on PostgreSQL) are kept for the second run
 * of the server suites.
 */
const sqliteEnv = { ...process.env };
delete sqliteEnv.TEST_DATABASE_URL;
delete sqliteEnv.REQUIRE_SERVICES;

/**
 * The format check and the linters. `npm run lint` type-checks too: oxlint's tsgolint
 * builds each project's program on TypeScript 7 for the type-aware rules, and reports its
 * type errors with them (`npm run typecheck`, tsc alone, builds them again).
 */
export const staticChecks = ["format:check", "lint"].map((script) => ({
  label: `npm run ${script}`,
  command: "npm",
  args: ["run", "--silent", script],
}));

/** The vitest projects: protocol, server on SQLite, web components, screens in Chromium. */
export const unitSuites = {
  label: "unit suites (protocol, server on SQLite, web, screens)",
  command: "npx",
  args: ["vitest", "run"],
  env: sqliteEnv,
};

/** The product as the browser flows run it (nothing to build without them). */
export const build = hasBrowserFlows
  ? { label: "build", command: "npm", args: ["run", "build"] }
  : null;

/** The browser flows on the built product. */
export const browserFlows = hasBrowserFlows
  ? {
      label: "browser flows",
      command: "npx",
      args: ["vitest", "run", "--config", "apps/web/e2e/vitest.e2e.config.ts"],
    }
  : null;

/**
 * The server suites again on PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL; CI
 * sets them). Beside the unit suites and the linters, whose gaps they fill (alone they keep
 * little more than one core busy, waiting on the database); not beside the browser flows,
 * which keep both cores busy and were starved by them (docs/CI-TIMES.md).
 */
export const postgresSuites = process.env.TEST_DATABASE_URL
  ? {
      label: "server suites on PostgreSQL and Redis",
      command: "npx",
      args: ["vitest", "run", "--project", "server"],
    }
  : null;

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(0);

/** Runs a stage with its output as it comes; exits with its status when it fails. */
export function runInTurn(stage) {
  if (!stage) return;
  const started = Date.now();
  const result = spawnSync(stage.command, stage.args, {
    stdio: "inherit",
    env: stage.env ?? process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`== ${stage.label} in ${seconds(started)} s`);
}

/**
 * Runs stages side by side (each is mostly one process on one core: on two cores the
 * group takes far less than their sum), printing each one's output whole when it ends;
 * exits non-zero once all have ended if any failed.
 */
export async function runAtOnce(stages) {
  const results = await Promise.all(
    stages.filter(Boolean).map(
      (stage) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(stage.command, stage.args, {
            stdio: ["ignore", "pipe", "pipe"],
            env: stage.env ?? process.env,
          });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) => {
            const text = Buffer.concat(output).toString().trimEnd();
            console.log(
              `== ${stage.label}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds(started)} s`,
            );
            if (text) console.log(text);
            resolve(code === 0);
          });
        }),
    ),
  );
  if (results.includes(false)) process.exit(1);
}

const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
const aptArgs = (args) => [
  sudo[0] ?? "apt-get",
  sudo.length ? ["apt-get", ...args] : args,
];
const apt = (...args) => {
  const [command, rest] = aptArgs(args);
  const result = spawnSync(command, rest, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/**
 * Installs Debian's OpenLDAP server when it is missing: the directory-login tests (issue
 * 46) start a slapd of their own on a loopback port.
 */
function installDirectory() {
  if (existsSync("/usr/sbin/slapd")) return;
  console.log("Installing Debian's slapd for the directory-login tests…");
  apt("update");
  apt("install", "-y", "--no-install-recommends", "slapd");
}

/**
 * Installs Debian's MariaDB server when it is missing: the Raingad importer's tests (issue
 * 47) start a mariadbd of their own on a loopback port, loaded with Raingad's tables.
 */
function installMariaDb() {
  if (
    existsSync("/usr/sbin/mariadbd") &&
    existsSync("/usr/bin/mariadb-install-db")
  )
    return;
  console.log("Installing Debian's MariaDB for the Raingad importer's tests…");
  apt("update");
  apt("install", "-y", "--no-install-recommends", "mariadb-server");
}

/**
 * Installs Debian's Chromium, its headless shell and CJK fonts when the browser flows need
 * them and they are missing (the flows run in the headless shell; notifications and Web
 * Push in the whole one), and the colour emoji font when it can.
 */
export function installBrowser() {
  installDirectory();
  installMariaDb();
  if (!hasBrowserFlows) return;
  if (
    !["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].every(existsSync)
  ) {
    console.log(
      "Installing Debian's chromium, chromium-headless-shell and fonts-noto-cjk for the browser flows…",
    );
    apt("update");
    apt(
      "install",
      "-y",
      "chromium",
      "chromium-headless-shell",
      "fonts-noto-cjk",
    );
  }
  // Emoji in the screenshots: drawn by the colour emoji font when it can be had (the
  // flows assert nothing about it, so a machine without it still runs them).
  if (!existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")) {
    const [command, args] = aptArgs([
      "install",
      "-y",
      "--no-install-recommends",
      "fonts-noto-color-emoji",
    ]);
    const result = spawnSync(command, args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0)
      console.warn(
        "fonts-noto-color-emoji not installed: emoji show as boxes.",
      );
  }
}
