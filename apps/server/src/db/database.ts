import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
} from "kysely";
import type Pg from "pg";
import { lazyRequire } from "../lib/lazy-require.js";
import { migrations } from "./migrations/index.js";
import { prepareByName, StatementNames } from "./pg-prepared.js";
import type { Database } from "./schema.js";
import { statementTimings } from "./statement-timings.js";
import {
  type Prepare,
  type SqliteSync,
  SqliteDurableDialect,
  SqliteDurableDriver,
  type SyncFile,
  WalDurability,
} from "./sqlite-driver.js";

/** Where the data lives: a SQLite file, or a PostgreSQL URL (with an optional schema). */
export type DatabaseTarget =
  | {
      kind: "sqlite";
      file: string;
      /** Who syncs the WAL at each commit (SQLITE_SYNC, README): SQLite, or the driver. */
      syncWal?: SqliteSync | undefined;
      /** SQL_TIMINGS: where each statement's count and time go at exit (statement-timings.ts). */
      timings?: string | undefined;
    }
  | {
      kind: "postgres";
      url: string;
      schema?: string | undefined;
      timings?: string | undefined;
    };

/** The database handle every repository receives. */
export type Db = Kysely<Database>;

/** One name per statement text for every pool of the process. */
const statementNames = new StatementNames();

/** The PostgreSQL driver, loaded only when a PostgreSQL database is opened. */
const pg = lazyRequire<typeof Pg>("pg");

let bigintAsNumber: Pg.TypeOverrides | undefined;
// Times are bigint milliseconds and counts are bigint; both fit a JavaScript number exactly.
function pgTypes(): Pg.TypeOverrides {
  if (!bigintAsNumber) {
    bigintAsNumber = new (pg().TypeOverrides)();
    bigintAsNumber.setTypeParser(pg().types.builtins.INT8, (value: string) =>
      Number(value),
    );
  }
  return bigintAsNumber;
}

/**
 * Opens the database for either dialect; the one place a connection is made. `syncFile`
 * replaces the driver's fdatasync of the WAL under `syncWal: "driver"` (tests hold it to
 * see what waits for it).
 */
export function createDatabase(
  target: DatabaseTarget,
  options: { syncFile?: SyncFile } = {},
): Db {
  const timings = statementTimings(target.timings);
  if (target.kind === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // An acknowledged write survives power loss: the WAL is synced before anyone hears of
    // a commit, by SQLite inside the call (FULL), or by the driver off the event loop.
    const byDriver = target.syncWal === "driver" && !sqlite.memory;
    sqlite.pragma(`synchronous = ${byDriver ? "OFF" : "FULL"}`);
    if (byDriver) sqlite.pragma("wal_autocheckpoint = 0");
    const driver = new SqliteDurableDriver(
      sqlite,
      statementCache(sqlite),
      new WalDurability(
        byDriver ? `${target.file}-wal` : undefined,
        options.syncFile,
      ),
      timings?.record,
    );
    return new Kysely<Database>({ dialect: new SqliteDurableDialect(driver) });
  }
  const pool = new (pg().Pool)({
    connectionString: target.url,
    max: 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    types: pgTypes(),
  });
  // Statements run by name: parsed and planned once per connection (db/pg-prepared.ts).
  pool.on("connect", (client) => {
    prepareByName(client, statementNames);
  });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: timings?.log,
  });
}

/** How many distinct statements stay prepared (the app has a few hundred at most). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; on SQLite that costs more than running most of ours.
 * The same SQL text reuses its prepared statement (queries are compiled with parameters,
 * so the text repeats), oldest dropped first past the limit. Statements run synchronously,
 * so one is never used by two queries at once.
 */
function statementCache(sqlite: SQLite.Database): Prepare {
  const cache = new Map<string, SQLite.Statement>();
  return (sql) => {
    const known = cache.get(sql);
    if (known) {
      // Refresh its place: the map's order is the eviction order.
      cache.delete(sql);
      cache.set(sql, known);
      return known;
    }
    const statement = sqlite.prepare(sql);
    cache.set(sql, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    return statement;
  };
}

/** Creates a PostgreSQL schema when it is missing. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new (pg().Client)({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `create schema if not exists "${schema.replace(/"/g, "")}"`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Brings the schema up to date (or only up to `upTo`); throws with the failing migration's
 * error. On PostgreSQL with a named schema, the bookkeeping tables live in that schema too
 * (Kysely would otherwise find another schema's).
 *
 * Kysely's migrator looks for its tables by listing every table and column of the
 * database, naming each one in the query; another tenant of the same database dropping a
 * schema, or migrating its own tables, meanwhile fails that listing ("schema … does not
 * exist" 3F000, "column … does not exist" 42703, "relation … does not exist" 42P01, "cache
 * lookup failed for namespace" XX000). Parley's own catalog changes on PostgreSQL (each
 * run here, `dropSchema`) hold one advisory lock, so they never meet; against anyone
 * else's, a run (one transaction) is tried again, a few times, a moment apart. A migration
 * that is itself wrong fails the same way every time and is reported.
 */
export async function migrateToLatest(
  db: Db,
  schema?: string,
  upTo?: string,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The lock is held by a connection of its own; the migrator runs on the pool's others.
    await db.connection().execute(async (locked) => {
      await sql`select pg_advisory_lock(${CATALOG_LOCK})`.execute(locked);
      try {
        await migrateWithRetries(db, schema, upTo);
      } finally {
        await sql`select pg_advisory_unlock(${CATALOG_LOCK})`.execute(locked);
      }
    });
    return;
  }
  await migrateWithRetries(db, schema, upTo);
}

/** The PostgreSQL advisory lock Parley's catalog changes hold (any constant of our own). */
export const CATALOG_LOCK = 0x7061726c;

/** Drops a PostgreSQL schema and everything in it, under the catalog lock (the test suites). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new (pg().Client)({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [CATALOG_LOCK]);
    await client.query(
      `drop schema if exists "${schema.replace(/"/g, "")}" cascade`,
    );
  } finally {
    // Ending the session releases the lock too.
    await client.end();
  }
}

async function migrateWithRetries(
  db: Db,
  schema: string | undefined,
  upTo: string | undefined,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } =
      upTo === undefined
        ? await migrator.migrateToLatest()
        : await migrator.migrateTo(upTo);
    const failed = results?.find((r) => r.status === "Error");
    if (error === undefined && !failed) return;
    if (attempt < 5 && isCatalogRace(error, schema)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${cause.message}`,
      { cause },
    );
  }
}

/** SQLSTATEs of a catalog object vanishing under a listing: schema, column, relation. */
const VANISHED = new Set(["3F000", "42703", "42P01"]);

/** An internal error's text when a listed table's schema was dropped under the listing. */
const CACHE_LOOKUP_FAILED = /^cache lookup failed for (namespace|relation) /;

/**
 * A PostgreSQL error of something vanishing under Kysely's catalog listing; a missing
 * schema counts only when it is not ours (ours missing is not a race).
 */
function isCatalogRace(error: unknown, schema?: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === "XX000") return CACHE_LOOKUP_FAILED.test(error.message);
  if (typeof code !== "string" || !VANISHED.has(code)) return false;
  return (
    code !== "3F000" ||
    schema === undefined ||
    !error.message.includes(`"${schema}"`)
  );
}

/**
 * The installation's database as the environment names it (DATABASE_URL and
 * DATABASE_SCHEMA, else DATA_DIR/parley.sqlite), opened and migrated: the server's and the
 * archive command's.
 */
export async function openInstallationDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_SCHEMA?: string | undefined;
  DATA_DIR: string;
  SQLITE_SYNC: "sqlite" | "driver";
  SQL_TIMINGS?: string | undefined;
}): Promise<Db> {
  const schema = config.DATABASE_SCHEMA;
  if (config.DATABASE_URL && schema)
    await ensureSchema(config.DATABASE_URL, schema);
  const db = createDatabase(
    config.DATABASE_URL
      ? {
          kind: "postgres",
          url: config.DATABASE_URL,
          schema,
          timings: config.SQL_TIMINGS,
        }
      : {
          kind: "sqlite",
          file: path.join(config.DATA_DIR, "parley.sqlite"),
          syncWal: config.SQLITE_SYNC,
          timings: config.SQL_TIMINGS,
        },
  );
  try {
    await migrateToLatest(db, config.DATABASE_URL ? schema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
