import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db/database.js";
import type { ArchiveTable } from "./tables.js";

/*
 * A table's rows as the archive carries them: one JSON array per row, the table's columns
 * in order, read in primary key order a page at a time (never the whole table in memory).
 * The same lines read from SQLite and from PostgreSQL are the same bytes, so a table's
 * SHA-256 over its lines proves an import identical to what was exported.
 */

/** Rows per page read, and per chunk of the archive. */
export const ROWS_PER_CHUNK = 2_000;

/** A stored value as JSON: numbers, text and null as they are; bytes as `{"$b64": …}`. */
export function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint")
    return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $b64: Buffer.from(value).toString("base64") };
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** A JSON value back to what a driver stores. */
export function stored(value: unknown): unknown {
  if (
    typeof value === "object" &&
    value !== null &&
    "$b64" in value &&
    typeof value.$b64 === "string"
  )
    return Buffer.from(value.$b64, "base64");
  return value;
}

const list = (names: readonly string[]): RawBuilder<unknown> =>
  sql.join(names.map((name) => sql.ref(name)));

/** One page of a table after `after` (the last page's last key), as lines. */
async function page(
  db: Db,
  table: ArchiveTable,
  after: unknown[] | null,
  offset: number,
): Promise<{ lines: string[]; last: unknown[] | null }> {
  const order = table.key.length > 0 ? table.key : table.columns;
  const where =
    after && table.key.length > 0
      ? sql`where (${list(table.key)}) > (${sql.join(after.map((v) => sql`${v}`))})`
      : sql``;
  // Without a key (none here today) a page is the next `offset` rows in all columns' order.
  const skip = table.key.length > 0 ? sql`` : sql`offset ${offset}`;
  const result = await sql<
    Record<string, unknown>
  >`select ${list(table.columns)}
    from ${sql.table(table.name)} ${where}
    order by ${list(order)} limit ${ROWS_PER_CHUNK} ${skip}`.execute(db);
  const lines = result.rows.map((row) =>
    JSON.stringify(table.columns.map((column) => plain(row[column]))),
  );
  const lastRow = result.rows.at(-1);
  return {
    lines,
    last: lastRow ? table.key.map((column) => lastRow[column]) : null,
  };
}

/** A table's lines, a chunk at a time, in key order. */
export async function* tableChunks(
  db: Db,
  table: ArchiveTable,
): AsyncGenerator<string[]> {
  let after: unknown[] | null = null;
  let offset = 0;
  for (;;) {
    const { lines, last } = await page(db, table, after, offset);
    if (lines.length > 0) yield lines;
    if (lines.length < ROWS_PER_CHUNK) return;
    after = last;
    offset += lines.length;
  }
}

/** A running count and SHA-256 of a table's lines. */
export class LineDigest {
  private readonly hash = createHash("sha256");
  rows = 0;

  add(lines: readonly string[]): void {
    for (const line of lines) {
      this.hash.update(line);
      this.hash.update("\n");
    }
    this.rows += lines.length;
  }

  hex(): string {
    return this.hash.copy().digest("hex");
  }
}

/** A table's count and digest as stored now. */
export async function digestTable(
  db: Db,
  table: ArchiveTable,
): Promise<{ rows: number; sha256: string }> {
  const digest = new LineDigest();
  for await (const lines of tableChunks(db, table)) digest.add(lines);
  return { rows: digest.rows, sha256: digest.hex() };
}
