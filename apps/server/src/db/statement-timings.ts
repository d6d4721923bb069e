import fs from "node:fs";
import type { LogEvent } from "kysely";

/** Where statements' times go: SQLite's driver times each run itself, Kysely the rest. */
export interface StatementTimings {
  record: (sql: string, ms: number) => void;
  log: (event: LogEvent) => void;
}

/**
 * `SQL_TIMINGS=FILE` (a profiling aid for issue 49, off by default): every statement's
 * count and time, summed by its SQL text, written to FILE as a table when the process
 * exits, the costliest first (SIGUSR2 writes a part so far and starts again). On SQLite
 * the driver times the synchronous run alone; on PostgreSQL Kysely times the round trip,
 * waiting for a connection included.
 */
export function statementTimings(
  file: string | undefined,
): StatementTimings | undefined {
  if (!file) return undefined;
  const bySql = new Map<string, { count: number; ms: number }>();
  const write = (to: string) => {
    const rows = [...bySql]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(
        ([sql, { count, ms }]) =>
          `${ms.toFixed(1).padStart(10)} ms ${String(count).padStart(8)}× ${((ms * 1000) / count).toFixed(0).padStart(7)} µs  ${sql.replace(/\s+/g, " ").slice(0, 400)}`,
      );
    fs.writeFileSync(to, `${rows.join("\n")}\n`);
  };
  process.once("exit", () => {
    write(file);
  });
  // SIGUSR2 writes what was counted so far to FILE.1, FILE.2, … and starts again: a
  // benchmark marks the start and end of one workload (bench/groups.mjs's storm).
  let part = 0;
  process.on("SIGUSR2", () => {
    part += 1;
    write(`${file}.${String(part)}`);
    bySql.clear();
  });
  const record = (sql: string, ms: number) => {
    const entry = bySql.get(sql) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    bySql.set(sql, entry);
  };
  return {
    record,
    log: (event) => {
      record(event.query.sql, event.queryDurationMillis);
    },
  };
}
