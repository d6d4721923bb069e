import { type Compilable, type CompiledQuery, createQueryId } from "kysely";
import type { Db } from "./database.js";

/** Stand-ins for a query's arguments while it is compiled: no real value looks like them. */
const SLOTS = [
  "\u0000slot:0\u0000",
  "\u0000slot:1\u0000",
  "\u0000slot:2\u0000",
  "\u0000slot:3\u0000",
];

/**
 * A query built and compiled once per database, then run with fresh arguments: for the
 * queries of every request (the session, the config, the contact list), where Kysely's
 * building and compiling cost more than SQLite's answer (issue 14's profile).
 *
 * `build` receives one stand-in per argument after the database (typed `never`, so it fits
 * any column) and must use each as a plain value (`where(column, "=", value)`), never in
 * SQL text or a list; the query's shape must not depend on the arguments. The answer takes
 * the real arguments, in the same order.
 */
export function compiledOnce<Row>(
  build: (db: Db, ...slots: never[]) => Compilable<Row>,
): (db: Db, ...args: readonly (string | number)[]) => Promise<Row[]> {
  const arity = build.length - 1;
  if (arity > SLOTS.length) throw new Error("compiledOnce: too many arguments");
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, ...args) => {
    if (args.length !== arity)
      throw new Error(`compiledOnce: ${arity} arguments expected`);
    let query = compiled.get(db);
    if (!query) {
      const slots = SLOTS.slice(0, arity) as never[];
      query = build(db, ...slots).compile();
      // Every stand-in must have become a parameter, or the query would run with it.
      for (const slot of SLOTS.slice(0, arity))
        if (!query.parameters.includes(slot))
          throw new Error("compiledOnce: an argument is not a parameter");
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => {
      const index = SLOTS.indexOf(value as string);
      return index >= 0 && index < arity ? args[index] : value;
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
