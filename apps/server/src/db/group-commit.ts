import { type Transaction, SqliteAdapter, sql } from "kysely";
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
 * one and share it, so one fsync makes many writes durable. Each piece runs in its own
 * savepoint, so a failing one is undone alone; each caller hears of its work only after
 * the commit that holds it, so nothing is acknowledged before it is on disk. Pieces run in
 * the order they came, one after another, as separate transactions would.
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
      const outcomes: Array<{ ok: boolean; value: unknown }> = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const piece of batch) {
            await sql`savepoint piece`.execute(trx);
            try {
              const value = await piece.work(trx);
              await sql`release savepoint piece`.execute(trx);
              outcomes.push({ ok: true, value });
            } catch (error) {
              await sql`rollback to savepoint piece`.execute(trx);
              await sql`release savepoint piece`.execute(trx);
              outcomes.push({ ok: false, value: error });
            }
          }
        });
      } catch (error) {
        // The commit itself failed: none of the batch is stored.
        for (const piece of batch) piece.reject(error);
        continue;
      }
      batch.forEach((piece, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) piece.resolve(outcome.value);
        else piece.reject(outcome?.value);
      });
    }
    this.flushing = false;
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
