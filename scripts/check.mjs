#!/usr/bin/env node
// `npm run check`: the format check, the linter and the type checker at once (each keeps
// about one core busy; together they take the time of the longest), each one's output
// printed whole when it ends; then every test (`npm test`) when all three passed.
import { spawn, spawnSync } from "node:child_process";

const checks = ["format:check", "lint", "typecheck"];

function runQuietly(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) =>
      resolve({
        script,
        code,
        seconds: (Date.now() - started) / 1000,
        output: Buffer.concat(output).toString(),
      }),
    );
  });
}

const results = await Promise.all(checks.map(runQuietly));
let failed = false;
for (const { script, code, seconds, output } of results) {
  console.log(
    `== npm run ${script}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds.toFixed(0)} s`,
  );
  if (output.trim()) console.log(output.trimEnd());
  if (code !== 0) failed = true;
}
if (failed) process.exit(1);

const tests = spawnSync("npm", ["test"], { stdio: "inherit" });
process.exit(tests.status ?? 1);
