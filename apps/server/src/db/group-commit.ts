import { type Transaction, SqliteAdapter } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "./schema.js";
import { indexIsBehind, indexPending } from "./search-index.js";

/** Work done inside a shared transaction; it must not open a transaction of its own. */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: TransactionWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most pieces of work one commit carries. */
const MAX_BATCH = 256;

/**
 * How often, at most, a commit also writes the search index's entries (SQLite). FTS5 writes
 * a segment of each of its two tables at every commit that touched them, some 0.3 ms
 * whatever the number of messages: gathered over this time, the entries of many batches
 * share one (issue 14). A search never waits for it: it catches the index up first.
 */
const INDEX_EVERY_MS = 100;

/**
 * Group commit (SQLite): writes that arrive while a commit is under way wait for the next
 * one and share it, so one fsync makes many writes durable. Each caller hears of its work
 * only after the commit that holds it, so nothing is acknowledged before it is on disk.
 * Pieces run in the order they came, one after another, as separate transactions would.
 *
 * A batch runs as one plain transaction: no savepoint per piece, because releasing one
 * makes SQLite's full-text index write its pending terms out, once per message instead of
 * once per commit (issue 14: a third of a send's database time). Should any piece fail,
 * the whole batch is rolled back and each piece runs again alone, in its own transaction,
 * so a failing piece fails alone and the others are stored as if nothing happened. Work
 * must therefore do nothing outside its transaction: it may run twice.
 *
 * On SQLite the search index's entries of stored messages (db/search-index.ts) are written
 * at the end of a batch's transaction, at most every INDEX_EVERY_MS: the first batch after
 * that time writes those of every message stored since, and when no batch comes, a commit
 * of its own does. A search catches the index up before it reads, so what is acknowledged
 * is found. A piece run alone after a failed batch leaves that to a later batch, so a
 * fault in indexing cannot fail a send.
 *
 * PostgreSQL runs each piece as its own transaction: it takes many connections at once and
 * groups commits itself; its search indexes follow the rows by themselves.
 */
export class GroupCommit {
  private readonly sqlite: boolean;
  private queue: Pending[] = [];
  private flushing = false;
  /** When the search index was last brought up to date by a batch (ms). */
  private indexedAt = 0;
  /** Whether a batch has committed since: messages may wait for their entries. */
  private unindexed = false;
  private indexTimer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {
    this.sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  run<T>(work: TransactionWork<T>): Promise<T> {
    if (!this.sqlite) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work,
        resolve: (value) => {
          // The queue holds each piece with the resolver of its own promise.
          resolve(value as T);
        },
        reject,
      });
      // Wait for the turn of the event loop, so the writes of requests already read
      // join this commit; while one is being written, the next batch gathers.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      const indexing = Date.now() - this.indexedAt >= INDEX_EVERY_MS;
      let values: unknown[];
      try {
        values = await this.db.transaction().execute(async (trx) => {
          const done: unknown[] = [];
          for (const piece of batch) done.push(await piece.work(trx));
          if (indexing) await indexPending(trx);
          return done;
        });
      } catch {
        // Even a batch of one: what failed may have been the indexing.
        await this.oneByOne(batch);
        continue;
      }
      if (indexing) {
        this.indexedAt = Date.now();
        this.unindexed = false;
      } else this.indexLater();
      batch.forEach((piece, i) => {
        piece.resolve(values[i]);
      });
    }
    this.flushing = false;
  }

  /** Makes sure a commit writes the waiting entries when no batch comes to do it. */
  private indexLater(): void {
    this.unindexed = true;
    if (this.indexTimer) return;
    this.indexTimer = setTimeout(
      () => {
        this.indexTimer = undefined;
        // An empty piece: its batch, coming this late, indexes.
        if (this.unindexed) void this.run(() => Promise.resolve()).catch(noop);
      },
      Math.max(0, this.indexedAt + INDEX_EVERY_MS - Date.now()),
    );
    // A process that stops leaves nothing undone: the next search indexes.
    this.indexTimer.unref();
  }

  /**
   * Brings the search index up to date with every message stored (SQLite), for a search
   * about to read it: a commit at a time, each indexing at most INDEX_CHUNK messages, so
   * sends go on between them. Only rows written by another connection, or changed since
   * they were indexed, are ever waiting.
   */
  async catchUpSearchIndex(): Promise<void> {
    if (!this.sqlite) return;
    while (await indexIsBehind(this.db))
      await this.run((trx) => indexPending(trx));
  }

  /** After a failed batch: each piece in its own transaction, in order. */
  private async oneByOne(batch: Pending[]): Promise<void> {
    for (const piece of batch) {
      try {
        piece.resolve(await this.db.transaction().execute(piece.work));
      } catch (error) {
        piece.reject(error);
      }
    }
  }
}

function noop(): void {
  // An empty piece fails only with its batch, whose pieces heard of it.
}

const commits = new WeakMap<Db, GroupCommit>();

/** The group commit of a database (one per database handle). */
export function groupCommit(db: Db): GroupCommit {
  let found = commits.get(db);
  if (!found) {
    found = new GroupCommit(db);
    commits.set(db, found);
  }
  return found;
}
