import { SqliteAdapter } from "kysely";
import type { Db } from "./database.js";

/** Whether `db` is SQLite (the embedded default) rather than PostgreSQL. */
export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
