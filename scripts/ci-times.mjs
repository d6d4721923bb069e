#!/usr/bin/env node
// A per-file and per-flow time table (markdown) from vitest JSON reports, for
// docs/CI-TIMES.md. One report: its files and flows, slowest first. More: their file times
// side by side (before, after…).
//
//   npx vitest run --config apps/web/e2e/vitest.e2e.config.ts \
//     --reporter=default --reporter=json --outputFile.json=/tmp/e2e.json
//   node scripts/ci-times.mjs /tmp/e2e.json [/tmp/e2e-after.json …]
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

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node scripts/ci-times.mjs report.json [more.json…]");
  process.exit(2);
}
const reports = files.map(read);
const total = (report) =>
  [...report.values()].reduce((sum, file) => sum + file.ms, 0);

if (reports.length === 1) {
  const [report] = reports;
  console.log("| file | s | flows (s) |");
  console.log("|---|---:|---|");
  for (const [name, file] of [...report].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `| ${name} | ${seconds(file.ms)} | ${file.flows
        .map(
          (flow) =>
            `${seconds(flow.ms)}${flow.status === "passed" ? "" : ` (${flow.status})`} ${flow.name.replaceAll("|", "/")}`,
        )
        .join("<br>")} |`,
    );
  console.log(`| **all files** | **${seconds(total(report))}** | |`);
} else {
  // Columns in the order given, rows by the first report's time, slowest first.
  const [first] = reports;
  const names = new Set(reports.flatMap((report) => [...report.keys()]));
  console.log(
    `| file | ${files.map((_, i) => `run ${i + 1} s`).join(" | ")} |`,
  );
  console.log(`|---|${files.map(() => "---:").join("|")}|`);
  for (const name of [...names].sort(
    (a, b) => (first.get(b)?.ms ?? 0) - (first.get(a)?.ms ?? 0),
  ))
    console.log(
      `| ${name} | ${reports
        .map((report) =>
          report.has(name) ? seconds(report.get(name).ms) : "—",
        )
        .join(" | ")} |`,
    );
  console.log(
    `| **all files** | ${reports.map((report) => `**${seconds(total(report))}**`).join(" | ")} |`,
  );
}
