import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { ArchiveRefused } from "./refused.js";
import { stored } from "./rows.js";
import type { ArchiveTable } from "./tables.js";

/** Rows per insert statement: far below either database's limit on parameters. */
const ROWS_PER_INSERT = 100;

/** Inserts a chunk's rows, in statements of 100. */
async function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  lines: readonly string[],
): Promise<void> {
  for (let at = 0; at < lines.length; at += ROWS_PER_INSERT) {
    const rows = lines.slice(at, at + ROWS_PER_INSERT).map((line) => {
      const values: unknown = JSON.parse(line);
      if (!Array.isArray(values) || values.length !== columns.length)
        throw new ArchiveRefused(`a row of ${table} does not fit its columns`);
      return sql`(${sql.join(values.map((value) => sql`${stored(value)}`))})`;
    });
    await sql`insert into ${sql.table(table)}
      (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(rows)}`.execute(
      db,
    );
  }
}

/**
 * Loads the archive's tables in the order the target's references need: the archive comes
 * in the order of the database it was read from, and the two kinds do not reference alike
 * (PostgreSQL checks a message's file, SQLite cannot add that reference to an old table).
 * A table whose parents are not all in yet is spooled to a file and loaded once they are.
 */
export class TableLoader {
  private readonly done = new Set<string>();
  private current: string | null = null;
  private readonly spooled = new Map<
    string,
    { files: string[]; complete: boolean }
  >();
  private spoolCount = 0;

  constructor(
    private readonly db: Db,
    /** The target's tables in its reference order. */
    private readonly target: readonly ArchiveTable[],
    /** The archive's tables and their columns. */
    private readonly archived: ReadonlyMap<string, readonly string[]>,
    private readonly spoolDir: string,
  ) {}

  private parentsIn(table: string): boolean {
    const parents = this.target.find((t) => t.name === table)?.parents ?? [];
    return parents.every(
      (parent) => this.done.has(parent) || !this.archived.has(parent),
    );
  }

  private columns(table: string): readonly string[] {
    const columns = this.archived.get(table);
    if (!columns) throw new ArchiveRefused(`an unknown table: ${table}`);
    return columns;
  }

  /** One chunk of a table's rows, loaded now or spooled. */
  async chunk(table: string, lines: readonly string[]): Promise<void> {
    if (table !== this.current) await this.close();
    if (this.done.has(table) || this.spooled.get(table)?.complete)
      throw new ArchiveRefused(`the rows of ${table} are not together`);
    this.current = table;
    const spool = this.spooled.get(table);
    if (spool || !this.parentsIn(table)) {
      const file = path.join(this.spoolDir, `${String(this.spoolCount)}.jsonl`);
      this.spoolCount += 1;
      await fs.promises.writeFile(file, lines.join("\n"));
      if (spool) spool.files.push(file);
      else this.spooled.set(table, { files: [file], complete: false });
      return;
    }
    await insertRows(this.db, table, this.columns(table), lines);
  }

  /** The table being read is complete: loads whatever can be loaded now. */
  async close(): Promise<void> {
    const table = this.current;
    this.current = null;
    if (table !== null) {
      const spool = this.spooled.get(table);
      if (spool) spool.complete = true;
      else this.done.add(table);
    }
    for (let loaded = true; loaded;) {
      loaded = false;
      for (const { name } of this.target) {
        const spool = this.spooled.get(name);
        if (!spool?.complete || !this.parentsIn(name)) continue;
        for (const file of spool.files) {
          const text = await fs.promises.readFile(file, "utf8");
          await insertRows(this.db, name, this.columns(name), text.split("\n"));
          await fs.promises.rm(file);
        }
        this.spooled.delete(name);
        this.done.add(name);
        loaded = true;
      }
    }
  }

  /** Every table in: none may wait on another any more. */
  async finish(): Promise<void> {
    await this.close();
    if (this.spooled.size > 0)
      throw new ArchiveRefused(
        `these tables reference each other in a loop: ${[...this.spooled.keys()].join(", ")}`,
      );
  }
}
