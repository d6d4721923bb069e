#!/usr/bin/env node
// Runs every test: the vitest projects (protocol, server, web) and, when present, the
// browser flows. With --check (`npm run check`) the format check, the linter and the type
// checker run first in their lane.
//
// Two lanes at once, because the browser flows spend most of their time waiting on a
// browser (a third of this 2-core machine's CPU) and the rest is CPU-bound:
//   - the flows' lane, at normal priority: Debian's Chromium and CJK fonts installed first
//     when missing (and the colour emoji font when it can be), the build, the flows;
//   - the other lane at the lowest priority (nice 19), so it takes only the CPU the flows
//     leave and never starves a browser of it (a starved browser fails flows on timing):
//     [format check, lint, type check,] the vitest projects. Its output is kept and printed
//     whole when it ends, so the two lanes' logs do not interleave line by line.
// Exits non-zero when anything failed, after both lanes have finished.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const withChecks = process.argv.includes("--check");
const hasBrowserFlows = existsSync("apps/web/e2e");

function runSync(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status === 0;
}

/** Runs the steps one after the other, stopping at the first failure; answers success. */
async function lane(steps, { quiet }) {
  for (const [command, args] of steps) {
    const ok = await new Promise((resolve) => {
      const child = spawn(command, args, {
        stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      });
      if (quiet) {
        const keep = (chunk) => output.push(chunk);
        child.stdout.on("data", keep);
        child.stderr.on("data", keep);
      }
      child.once("error", () => resolve(false));
      child.once("exit", (code) => resolve(code === 0));
    });
    if (!ok) {
      failed.push(`${command} ${args.join(" ")}`);
      return false;
    }
  }
  return true;
}
const output = [];
const failed = [];

const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
const aptArgs = (args) => [
  sudo[0] ?? "apt-get",
  sudo.length ? ["apt-get", ...args] : args,
];

/** Chromium and the fonts the flows photograph with; false when they cannot be had. */
function browserReady() {
  if (!existsSync("/usr/bin/chromium")) {
    console.log(
      "Installing Debian's chromium and fonts-noto-cjk for the browser flows…",
    );
    if (!runSync(...aptArgs(["update"]))) return false;
    if (!runSync(...aptArgs(["install", "-y", "chromium", "fonts-noto-cjk"])))
      return false;
  }
  // Emoji in the screenshots: drawn by the colour emoji font when it can be had (the
  // flows assert nothing about it, so a machine without it still runs them).
  if (!existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")) {
    const ok = runSync(
      ...aptArgs([
        "install",
        "-y",
        "--no-install-recommends",
        "fonts-noto-color-emoji",
      ]),
    );
    if (!ok)
      console.warn(
        "fonts-noto-color-emoji not installed: emoji show as boxes.",
      );
  }
  return true;
}

const nice = (command, args) => ["nice", ["-n", "19", command, ...args]];
const background = lane(
  [
    ...(withChecks
      ? [
          nice("npm", ["run", "format:check"]),
          nice("npm", ["run", "lint"]),
          nice("npm", ["run", "typecheck"]),
        ]
      : []),
    nice("npx", ["vitest", "run"]),
  ],
  { quiet: hasBrowserFlows },
).then((ok) => {
  if (hasBrowserFlows) {
    console.log(
      `\n== ${withChecks ? "checks and " : ""}vitest projects (${ok ? "passed" : "FAILED"}):\n`,
    );
    process.stdout.write(Buffer.concat(output));
  }
  return ok;
});

let flows = true;
if (hasBrowserFlows) {
  if (browserReady()) {
    flows = await lane(
      [
        ["npm", ["run", "build"]],
        [
          "npx",
          ["vitest", "run", "--config", "apps/web/e2e/vitest.e2e.config.ts"],
        ],
      ],
      { quiet: false },
    );
  } else {
    failed.push("installing Chromium for the browser flows");
    flows = false;
  }
}
const rest = await background;
if (!flows || !rest) {
  console.error(`\nFailed: ${failed.join("; ")}`);
  process.exit(1);
}
