import {
  type ColumnDefinitionBuilder,
  type Kysely,
  PostgresAdapter,
} from "kysely";

/*
 * The dialect helpers migrations after 0001 share (0001 keeps its own copy: landed
 * migrations are frozen). They must not depend on the app's evolving schema types.
 */

/** A database as a migration sees it: no schema types. */
export type AnyDb = Kysely<unknown>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered primary key: bigserial on PostgreSQL, INTEGER AUTOINCREMENT on SQLite. */
export function serialKey(db: AnyDb) {
  return isPostgres(db)
    ? {
        type: "bigserial" as const,
        build: (c: ColumnDefinitionBuilder) => c.primaryKey(),
      }
    : {
        type: "integer" as const,
        build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement(),
      };
}
