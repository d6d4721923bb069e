#!/usr/bin/env node
// A per-file and per-flow time table (markdown) from vitest JSON reports, for
// docs/CI-TIMES.md. One report: its files and flows, slowest first. Two: before and after
// side by side, by file.
//
//   npx vitest run --config apps/web/e2e/vitest.e2e.config.ts \
//     --reporter=default --reporter=json --outputFile.json=/tmp/e2e.json
//   node scripts/ci-times.mjs /tmp/e2e.json [/tmp/e2e-after.json]
import fs from "node:fs";
import path from "node:path";

const seconds = (ms) => (ms / 1000).toFixed(1);

function read(file) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  return new Map(
    report.testResults.map((result) => [
      path.basename(result.name),
      {
        ms: result.endTime - result.startTime,
        flows: result.assertionResults.map((flow) => ({
          name: flow.fullName,
          ms: flow.duration ?? 0,
          status: flow.status,
        })),
      },
    ]),
  );
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile) {
  console.error("usage: node scripts/ci-times.mjs report.json [after.json]");
  process.exit(2);
}
const before = read(beforeFile);
const total = (files) =>
  [...files.values()].reduce((sum, file) => sum + file.ms, 0);

if (!afterFile) {
  console.log("| file | s | flows (s) |");
  console.log("|---|---:|---|");
  for (const [name, file] of [...before].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `| ${name} | ${seconds(file.ms)} | ${file.flows
        .map((flow) => `${seconds(flow.ms)} ${flow.name.replaceAll("|", "/")}`)
        .join("<br>")} |`,
    );
  console.log(`| **all files** | **${seconds(total(before))}** | |`);
} else {
  const after = read(afterFile);
  console.log("| file | before s | after s |");
  console.log("|---|---:|---:|");
  const names = new Set([...before.keys(), ...after.keys()]);
  for (const name of [...names].sort(
    (a, b) => (before.get(b)?.ms ?? 0) - (before.get(a)?.ms ?? 0),
  ))
    console.log(
      `| ${name} | ${before.has(name) ? seconds(before.get(name).ms) : "—"} | ${after.has(name) ? seconds(after.get(name).ms) : "—"} |`,
    );
  console.log(
    `| **all files** | **${seconds(total(before))}** | **${seconds(total(after))}** |`,
  );
}
