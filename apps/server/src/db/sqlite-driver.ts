import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from "kysely";

/**
 * Who syncs SQLite's WAL at each commit: SQLite itself under `synchronous = FULL`, inside
 * the call (the default), or this driver with fdatasync in libuv's pool while the event
 * loop goes on (for disks whose fsync takes milliseconds; see SqliteDurableDriver).
 */
export type SqliteSync = "sqlite" | "driver";

/** Makes what was written to a file durable; `fdatasync` in libuv's pool unless a test holds it. */
export type SyncFile = (fd: number) => Promise<void>;

const fdatasync: SyncFile = promisify(fs.fdatasync);

/**
 * How many committed writes the WAL collects before it is copied into the database file.
 * SQLite's own automatic checkpoint is off (see SqliteDurableDriver), so this takes its
 * place: its default of 1,000 pages comes about as often for commits of a few pages.
 */
const CHECKPOINT_EVERY = 200;

/**
 * The WAL's durability, counted in tickets: every committed write takes the next ticket,
 * and a ticket is durable once an fdatasync of the WAL file that started after its commit
 * has finished. One sync runs at a time; writes committed while it runs share the next one
 * (the driver below commits nothing while a sync runs, so there each commit has its own,
 * shared by the many writes of a group commit). Once a sync fails, nothing is durable any more:
 * every waiter, and every later one, gets the error (after a failed fsync the kernel may
 * have dropped the pages, and a later fsync can succeed without them; PostgreSQL stops in
 * the same case). The server must be restarted: recovery reads the WAL again.
 */
export class WalDurability {
  private committed = 0;
  private durable = 0;
  private syncing: Promise<void> | undefined;
  private failure: Error | undefined;
  /** In ticket order: tickets are handed out rising, and a waiter's is never above `committed`. */
  private waiters: {
    ticket: number;
    resolve: () => void;
    reject: (error: Error) => void;
  }[] = [];
  private fd: number | undefined;
  /** Committed writes since the last checkpoint. */
  sinceCheckpoint = 0;

  /**
   * `walFile` undefined: nothing to wait for, as SQLite syncs the WAL itself inside each
   * commit (FULL), or the database is in memory.
   */
  constructor(
    private readonly walFile: string | undefined,
    private readonly sync: SyncFile = fdatasync,
  ) {}

  /** Whether this syncs the WAL (and so checkpoints it too), rather than SQLite. */
  get syncsWal(): boolean {
    return this.walFile !== undefined;
  }

  /** A write has committed: its ticket. */
  commit(): number {
    if (this.syncsWal) this.sinceCheckpoint += 1;
    this.committed += 1;
    return this.committed;
  }

  /** The ticket of the newest committed write (what a read may have seen). */
  latest(): number {
    return this.committed;
  }

  isDurable(ticket: number): boolean {
    return (
      (ticket <= this.durable || this.walFile === undefined) && !this.failure
    );
  }

  /** Resolves once the write of `ticket`, and every one before it, is on disk. */
  whenDurable(ticket: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.isDurable(ticket)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ ticket, resolve, reject });
      this.startSync();
    });
  }

  /** Waits for the sync under way, if any (before the file is closed). */
  async settle(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private startSync(): void {
    if (this.syncing || this.waiters.length === 0) return;
    const target = this.committed;
    let fd: number;
    try {
      fd = this.walFd();
    } catch (error) {
      this.fail(error);
      return;
    }
    this.syncing = this.sync(fd).then(
      () => {
        this.syncing = undefined;
        this.durable = Math.max(this.durable, target);
        let done = 0;
        while (done < this.waiters.length) {
          const waiter = this.waiters[done];
          if (!waiter || waiter.ticket > this.durable) break;
          waiter.resolve();
          done += 1;
        }
        this.waiters.splice(0, done);
        this.startSync();
      },
      (error: unknown) => {
        this.syncing = undefined;
        this.fail(error);
      },
    );
  }

  private fail(error: unknown): void {
    const cause = error instanceof Error ? error : new Error(String(error));
    this.failure = new Error(
      `The database could not make its writes durable (${cause.message}); restart the server`,
      { cause },
    );
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }

  /**
   * The WAL file, opened on the first sync (SQLite has created it by the first write). Its
   * directory is synced once too, so the file's name is as durable as its contents. Any
   * descriptor of a file syncs the whole file, not only what it wrote itself.
   */
  private walFd(): number {
    if (this.fd === undefined && this.walFile !== undefined) {
      this.fd = fs.openSync(this.walFile, "r");
      const dir = fs.openSync(path.dirname(this.walFile), "r");
      try {
        fs.fsyncSync(dir);
      } finally {
        fs.closeSync(dir);
      }
    }
    if (this.fd === undefined) throw new Error("no WAL file to sync");
    return this.fd;
  }
}

/**
 * One holder at a time of SQLite's single connection, in the order they asked: the
 * connection passes straight to the next in line (Kysely's own mutex wakes every waiter at
 * each release, and all but one go back to sleep: with a queue of hundreds, as while a
 * commit syncs, that was a visible share of the CPU).
 */
class Mutex {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * A row read as an array, named by its statement's columns: the same object better-sqlite3
 * makes (a later column of the same name wins), its properties added in one order, so
 * every row of a statement shares one shape.
 */
function rowOf(
  names: readonly string[],
  values: readonly unknown[],
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i];
    if (name !== undefined) row[name] = values[i];
  }
  return row;
}

/** A statement that changes the schema (migrations, tests). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/** Prepares a statement once per SQL text (database.ts keeps the cache). */
export type Prepare = (sql: string) => SQLite.Statement;

/**
 * Kysely's SQLite driver, with a connection handed over in order (see Mutex) and, when
 * `SQLITE_SYNC=driver`, the WAL's fsync taken off the event loop (issue 14).
 *
 * By default SQLite runs under `synchronous = FULL`: every commit fsyncs the WAL inside
 * better-sqlite3's synchronous call, and the whole process waits for the disk. With
 * `driver`, SQLite runs with `synchronous = OFF` and the driver syncs the WAL file itself,
 * with fdatasync in libuv's thread pool, while the event loop goes on with the work of
 * other requests that needs no database: parsing, checking, serialising, writing to
 * sockets. Nothing is acknowledged or seen earlier than under FULL:
 *
 * - the connection is handed to its next holder only once the writes of the current one
 *   are on disk: a transaction's `execute()`, and a write outside a transaction, resolve
 *   after a sync of the WAL that started after their commit has finished, and no other
 *   query can read a commit before then (durable before visible: nobody sees a message
 *   that a power cut could take back);
 * - SQLite's automatic checkpoint is off: with `synchronous = OFF` it would copy the WAL
 *   into the database file without syncing that file, and the WAL is then written over
 *   from its start. The driver checkpoints itself every CHECKPOINT_EVERY commits under
 *   `synchronous = FULL`, which syncs the WAL, then the database file, before the WAL may
 *   be reused; closing runs under FULL too.
 *
 * A power cut thus loses only commits nobody was told of, as under FULL; the WAL's frame
 * checksums end recovery at the first frame that did not reach the disk whole. A crash of
 * the process alone loses nothing committed (the kernel holds the written pages).
 *
 * Why it is not the default (measured, bench W1c/W2, 2026-11-28 on this 2-core machine,
 * where an fdatasync takes 0.14 ms): sends were no faster, and W2's p99 rose from about
 * 10 to 45 ms, since the connection stays held until the event loop, busy with other
 * requests, takes the sync's completion. Letting the next holder in during the sync and
 * holding back only reads that might have seen the commit was slower still: a send's few
 * reads each waited for a sync. It is for disks whose fsync costs milliseconds (network
 * block storage), where FULL stops the whole process for each of them.
 */
export class SqliteDurableDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: DatabaseConnection;
  /** The ticket the connection's current holder must see durable before it goes on. */
  private holding = 0;
  /** Whether the open transaction has written anything. */
  private wrote = false;
  private checkpointing = false;
  /** Emptied by any change of the schema: a cached `select *` may then name new columns. */
  private columnNames = new WeakMap<SQLite.Statement, readonly string[]>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly prepare: Prepare,
    private readonly durability: WalDurability,
    /** SQL_TIMINGS: told each statement's synchronous run time (db/statement-timings.ts). */
    private readonly observe?: (sql: string, ms: number) => void,
  ) {
    this.connection = {
      executeQuery: <R>(query: CompiledQuery) =>
        Promise.resolve(this.execute<R>(query)),
      streamQuery: <R>(query: CompiledQuery) => this.stream<R>(query),
    };
  }

  init(): Promise<void> {
    // Opened by the constructor's caller.
    return Promise.resolve();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  beginTransaction(): Promise<void> {
    this.wrote = false;
    // IMMEDIATE: the write lock is taken at the start, waiting (busy_timeout) for another
    // process's writer. A deferred transaction reads first, and its first write then fails
    // at once (SQLITE_BUSY_SNAPSHOT, no wait) when another process committed since its
    // read began: two server processes on one file (scale-out.test.ts) or a tool writing
    // beside the server. Within this process the mutex runs transactions one at a time.
    return this.command("begin immediate");
  }

  commitTransaction(): Promise<void> {
    const done = this.command("commit");
    // A commit that failed left nothing to wait for (Kysely rolls back).
    if (this.wrote && !this.sqlite.inTransaction)
      this.hold(this.durability.commit());
    this.wrote = false;
    return done;
  }

  rollbackTransaction(): Promise<void> {
    this.wrote = false;
    return this.command("rollback");
  }

  savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    return this.command(`savepoint ${quoted(name)}`);
  }

  rollbackToSavepoint(
    _connection: DatabaseConnection,
    name: string,
  ): Promise<void> {
    return this.command(`rollback to ${quoted(name)}`);
  }

  releaseSavepoint(
    _connection: DatabaseConnection,
    name: string,
  ): Promise<void> {
    return this.command(`release ${quoted(name)}`);
  }

  async releaseConnection(): Promise<void> {
    const ticket = this.holding;
    this.holding = 0;
    try {
      if (!this.durability.isDurable(ticket))
        await this.durability.whenDurable(ticket);
    } finally {
      this.mutex.unlock();
    }
    // Counted only when the driver syncs the WAL; else SQLite checkpoints by itself.
    if (this.durability.sinceCheckpoint >= CHECKPOINT_EVERY)
      this.checkpoint().catch(retryLater);
  }

  async destroy(): Promise<void> {
    await this.mutex.lock();
    try {
      if (!this.sqlite.open) return;
      await this.durability.settle();
      // Closing checkpoints; under FULL it syncs the database file before dropping the WAL.
      this.sqlite.pragma("synchronous = FULL");
      this.sqlite.close();
      this.durability.close();
    } finally {
      this.mutex.unlock();
    }
  }

  /** Runs a transaction command; a failure comes back as a rejected promise. */
  private command(text: string): Promise<void> {
    try {
      this.execute(CompiledQuery.raw(text));
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  }

  private hold(ticket: number): void {
    if (ticket > this.holding) this.holding = ticket;
  }

  private execute<R>(query: CompiledQuery): QueryResult<R> {
    if (!this.observe) return this.run(query);
    const started = performance.now();
    try {
      return this.run(query);
    } finally {
      this.observe(query.sql, performance.now() - started);
    }
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    let result: QueryResult<R>;
    if (statement.reader) {
      // Rows read as arrays and named here (issue 49): better-sqlite3 builds each row's
      // object in C++, a property at a time, and a page of 20 messages took 103–120 µs
      // that way against 65–71 µs read as arrays and named.
      let names = this.columnNames.get(statement);
      if (!names) statement.raw(true);
      const rows = statement.all(parameters) as unknown[][];
      // Named after the run: a statement prepared before a schema change is prepared again
      // by its first step, and only then names the columns it now has.
      if (!names) {
        names = statement.columns().map((column) => column.name);
        this.columnNames.set(statement, names);
      }
      result = { rows: rows.map((values) => rowOf(names, values) as R) };
    } else {
      if (SCHEMA_CHANGE.test(query.sql)) this.columnNames = new WeakMap();
      const { changes, lastInsertRowid } = statement.run(parameters);
      result = {
        numAffectedRows: BigInt(changes),
        insertId: BigInt(lastInsertRowid),
        rows: [],
      };
    }
    if (this.sqlite.inTransaction) {
      if (!statement.readonly) this.wrote = true;
    } else if (!statement.readonly) {
      // Outside a transaction a write has committed by itself.
      this.hold(this.durability.commit());
    }
    return result;
  }

  // better-sqlite3 reads synchronously; Kysely's interface is an async iterator.
  // oxlint-disable-next-line typescript/require-await
  private async *stream<R>(
    query: CompiledQuery,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query))
      throw new Error("SQLite streams only select queries");
    const statement = this.prepare(query.sql);
    // Rows as objects: the columns cannot be asked for while the iteration keeps the
    // connection busy. The next run() reads the statement as arrays again.
    this.columnNames.delete(statement);
    statement.raw(false);
    for (const row of statement.iterate(query.parameters))
      yield { rows: [row as R] };
  }

  /**
   * Copies the WAL into the database file under `synchronous = FULL`: SQLite syncs the WAL,
   * writes the pages, and syncs the database file before the WAL may be written over.
   */
  private async checkpoint(): Promise<void> {
    if (this.checkpointing) return;
    this.checkpointing = true;
    await this.mutex.lock();
    try {
      this.durability.sinceCheckpoint = 0;
      this.sqlite.pragma("synchronous = FULL");
      this.sqlite.pragma("wal_checkpoint(PASSIVE)");
    } finally {
      this.sqlite.pragma("synchronous = OFF");
      this.checkpointing = false;
      this.mutex.unlock();
    }
  }
}

function retryLater(): void {
  // A checkpoint that failed (an I/O error, which the next write meets too) is tried
  // again after the next CHECKPOINT_EVERY commits; the WAL keeps everything meanwhile.
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** SQLite's dialect with the driver above. */
export class SqliteDurableDialect extends SqliteDialect {
  constructor(private readonly driver: SqliteDurableDriver) {
    // The database is only used by the driver, which is given here instead.
    super({ database: {} as never });
  }

  override createDriver(): Driver {
    return this.driver;
  }
}
