import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
} from "kysely";
import type { Database } from "./schema.js";

/** The most arguments a compiled query takes (a page's ids, compiledPerLength). */
const MAX_ARGUMENTS = 64;

/** Stand-ins for a query's arguments while it is compiled: no real value looks like them. */
const SLOTS = Array.from(
  { length: MAX_ARGUMENTS },
  (_, i) => `\u0000slot:${i}\u0000`,
);

/** A value a compiled query takes for one of its arguments. */
export type Argument = string | number | null;

/** A compiled query, and for each of its parameters the argument it takes (-1: a constant). */
interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slotOf: number[];
}

/**
 * What a compiled query is kept for. A database and every transaction on it share one
 * dialect adapter (Kysely hands it down), and the compiled text depends only on the dialect
 * and the plugins: with no plugins, the adapter; a handle with plugins keeps its own.
 */
function cacheKey(db: Kysely<Database>): object {
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? executor.adapter : db;
}

/**
 * A query built and compiled once per database, then run with fresh arguments: for the
 * queries of every request (the session, the config, the contact list) and of every send,
 * where Kysely's building and compiling cost more than SQLite's answer (issue 14's
 * profile). It runs on the database or on any transaction of it.
 *
 * `build` receives one stand-in per argument after the database (typed `never`, so it fits
 * any column) and must use each as a plain value (`where(column, "=", value)`), never in
 * SQL text or a list; the query's shape must not depend on the arguments. The answer takes
 * the real arguments, in the same order.
 */
export function compiledOnce<Row>(
  build: (db: Kysely<Database>, ...slots: never[]) => Compilable<Row>,
  /** How many arguments: for a `build` that takes its stand-ins as a rest parameter. */
  arity = build.length - 1,
): (db: Kysely<Database>, ...args: readonly Argument[]) => Promise<Row[]> {
  if (arity > SLOTS.length) throw new Error("compiledOnce: too many arguments");
  const compiled = new WeakMap<object, Compiled<Row>>();
  return async (db, ...args) => {
    if (args.length !== arity)
      throw new Error(`compiledOnce: ${arity} arguments expected`);
    const key = cacheKey(db);
    let found = compiled.get(key);
    if (!found) {
      const query = build(db, ...(SLOTS.slice(0, arity) as never[])).compile();
      const slotOf = query.parameters.map((value) =>
        SLOTS.indexOf(value as string),
      );
      // Every stand-in must have become a parameter, or the query would run with it.
      for (let slot = 0; slot < arity; slot += 1)
        if (!slotOf.includes(slot))
          throw new Error("compiledOnce: an argument is not a parameter");
      found = { query, slotOf };
      compiled.set(key, found);
    }
    const { query, slotOf } = found;
    const parameters = query.parameters.map((value, i) => {
      const slot = slotOf[i] ?? -1;
      return slot >= 0 ? args[slot] : value;
    });
    // Each run is its own query to Kysely (plugins key their state by the query's id).
    const result = await db.executeQuery<Row>({
      ...query,
      parameters,
      queryId: createQueryId(),
    });
    return result.rows;
  };
}

/**
 * compiledOnce for a query over a list of values (`where(column, "in", list)`): one
 * compiled query per length of the list. `build` gets the list's stand-ins, then one for
 * each of `fixed` further arguments (plain values, as compiledOnce's). A page of messages
 * asks its reactions, threads, senders and their roles by their ids at every read (issue
 * 49: W4, the reconnect storm). A list longer than MAX_ARGUMENTS is built afresh.
 */
export function compiledPerLength<Row>(
  build: (
    db: Kysely<Database>,
    list: never[],
    ...fixed: never[]
  ) => Compilable<Row>,
  fixed = build.length - 2,
): (
  db: Kysely<Database>,
  list: readonly Argument[],
  ...args: readonly Argument[]
) => Promise<Row[]> {
  const byLength = new Map<
    number,
    (db: Kysely<Database>, ...args: readonly Argument[]) => Promise<Row[]>
  >();
  return async (db, list, ...args) => {
    if (args.length !== fixed)
      throw new Error(`compiledPerLength: ${String(fixed)} arguments expected`);
    if (list.length + fixed > MAX_ARGUMENTS) {
      const result = await db.executeQuery<Row>(
        build(db, [...list] as never[], ...(args as never[])).compile(),
      );
      return result.rows;
    }
    let run = byLength.get(list.length);
    if (!run) {
      const length = list.length;
      run = compiledOnce<Row>(
        (on, ...slots: never[]) =>
          build(on, slots.slice(0, length), ...slots.slice(length)),
        length + fixed,
      );
      byLength.set(length, run);
    }
    return run(db, ...list, ...args);
  };
}
