import type Pg from "pg";

/** The most statement names handed out; past it statements run unnamed (parsed each time). */
const NAMES_MAX = 500;

/** Statements worth keeping: the application's reads and writes, not `begin` or DDL. */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's code for a prepared statement whose result type changed under it. */
const RESULT_TYPE_CHANGED = "0A000";

/**
 * A name per statement text, shared by every connection of the process: PostgreSQL
 * prepares a statement once per connection by its name and runs it by name after.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private issued = 0;

  constructor(private readonly max = NAMES_MAX) {}

  /** The name of a statement text, or undefined when it runs unnamed. */
  of(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.issued >= this.max || !KEPT.test(text)) return undefined;
    this.issued += 1;
    const name = `parley_${String(this.issued)}`;
    this.names.set(text, name);
    return name;
  }

  /** A new name for a text whose statement went stale (prepared again under it). */
  renew(text: string): string | undefined {
    this.names.delete(text);
    return this.of(text);
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pool client run the application's statements by name (issue 14, W8: parsing and
 * planning every statement afresh cost PostgreSQL's backends a third of a send's time
 * on a busy 2-core machine). Kysely calls `query(text, values)`; other calls (a cursor, a
 * callback) pass through untouched. A statement that a migration made stale (a column
 * added to a table a `select *` reads) fails once with 0A000: it is prepared again under a
 * new name and run again, unless inside a transaction, which that error has aborted (the
 * transaction fails, and the next one finds the new name).
 */
export function prepareByName(
  client: Pg.PoolClient,
  names: StatementNames,
): void {
  const query = client.query.bind(client) as Query;
  const byName: Query = (...args) => {
    const [text, values] = args;
    if (typeof text !== "string" || !Array.isArray(values) || args.length !== 2)
      return query(...args);
    const name = names.of(text);
    if (name === undefined) return query(text, values);
    const run = (as: string) =>
      query({ name: as, text, values }) as Promise<Pg.QueryResult>;
    return run(name).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED)
        throw error;
      const renewed = names.renew(text);
      // In a transaction the error aborted it ('E'): it fails; the next finds the new name.
      if (client.getTransactionStatus() !== "I") throw error;
      return renewed === undefined ? query(text, values) : run(renewed);
    });
  };
  (client as unknown as { query: Query }).query = byName;
}
