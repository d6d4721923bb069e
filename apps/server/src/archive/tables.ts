import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { isSqlite } from "../db/dialect.js";

/*
 * What an archive holds of the database (issue 47, extensions.md §8): every table of the
 * schema but the migrator's own and what is derived (SQLite's search index, rebuilt from
 * the messages at the first commit after an import), parents before children, each read
 * in its primary key's order.
 */

/** A table as the archive reads and writes it. */
export interface ArchiveTable {
  name: string;
  /** Primary key columns, in key order; empty when the table has none. */
  key: string[];
  /** Every column, in the table's order. */
  columns: string[];
  /** The archived tables it references (never itself). */
  parents: string[];
}

/** Tables never archived: the migrator's and SQLite's, and the derived search index. */
function derived(name: string): boolean {
  return (
    name.startsWith("kysely_") ||
    name.startsWith("sqlite_") ||
    name.startsWith("message_search") ||
    name.startsWith("message_grams")
  );
}

/** Tables, their columns and primary keys, and who references whom. */
async function readSchema(db: Db): Promise<{
  tables: ArchiveTable[];
  parents: Map<string, Set<string>>;
}> {
  const parents = new Map<string, Set<string>>();
  const tables: ArchiveTable[] = [];
  if (!isSqlite(db)) {
    const columns = await sql<{
      table: string;
      column: string;
      key: number | null;
    }>`select c.table_name as "table", c.column_name as "column",
         (select k.ordinal_position from information_schema.table_constraints t
            join information_schema.key_column_usage k
              on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
             and k.table_name = t.table_name
           where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema
             and t.table_name = c.table_name and k.column_name = c.column_name) as "key"
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(db);
    for (const row of columns.rows) collect(tables, row);
    const links = await sql<{ table: string; parent: string }>`
      select distinct tc.table_name as "table", ccu.table_name as "parent"
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name
         and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY'
         and tc.table_schema = current_schema()`.execute(db);
    for (const { table, parent } of links.rows) link(parents, table, parent);
  } else {
    const columns = await sql<{
      table: string;
      column: string;
      key: number;
    }>`select m.name as "table", c.name as "column", c.pk as "key"
         from sqlite_master m, pragma_table_info(m.name) c
        where m.type = 'table'
        order by m.name, c.cid`.execute(db);
    for (const row of columns.rows)
      collect(tables, { ...row, key: row.key > 0 ? row.key : null });
    const links = await sql<{ table: string; parent: string }>`
      select distinct m.name as "table", f."table" as "parent"
        from sqlite_master m, pragma_foreign_key_list(m.name) f
       where m.type = 'table'`.execute(db);
    for (const { table, parent } of links.rows) link(parents, table, parent);
  }
  return { tables: tables.filter((t) => !derived(t.name)), parents };
}

function collect(
  tables: ArchiveTable[],
  row: { table: string; column: string; key: number | null },
): void {
  let table = tables.at(-1);
  if (table?.name !== row.table) {
    table = { name: row.table, key: [], columns: [], parents: [] };
    tables.push(table);
  }
  table.columns.push(row.column);
  if (row.key !== null) table.key[row.key - 1] = row.column;
}

function link(
  parents: Map<string, Set<string>>,
  table: string,
  parent: string,
): void {
  if (table === parent) return;
  const set = parents.get(table) ?? new Set<string>();
  set.add(parent);
  parents.set(table, set);
}

/** The archived tables, every parent before its children (then by name). */
export async function archiveTables(db: Db): Promise<ArchiveTable[]> {
  const { tables, parents } = await readSchema(db);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: ArchiveTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: ArchiveTable): void => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name))
      throw new Error(`the tables' references loop at ${table.name}`);
    visiting.add(table.name);
    for (const parent of [...(parents.get(table.name) ?? [])].sort()) {
      const found = byName.get(parent);
      if (found) place(found);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push({
      ...table,
      key: table.key.filter(Boolean),
      parents: [...(parents.get(table.name) ?? [])]
        .filter((parent) => byName.has(parent))
        .sort(),
    });
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name)))
    place(table);
  return ordered;
}
