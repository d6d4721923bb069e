import { type Transaction, SqliteAdapter } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "./schema.js";

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
 * PostgreSQL runs each piece as its own transaction: it takes many connections at once and
 * groups commits itself.
 */
export class GroupCommit {
  private readonly sqlite: boolean;
  private queue: Pending[] = [];
  private flushing = false;

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
      let values: unknown[];
      try {
        values = await this.db.transaction().execute(async (trx) => {
          const done: unknown[] = [];
          for (const piece of batch) done.push(await piece.work(trx));
          return done;
        });
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else await this.oneByOne(batch);
        continue;
      }
      batch.forEach((piece, i) => {
        piece.resolve(values[i]);
      });
    }
    this.flushing = false;
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
