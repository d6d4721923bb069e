import type { Db } from "./database.js";

/** A repository function: the database first, then its own arguments. */
type DbFunction = (db: Db, ...args: never[]) => unknown;

/** Repository functions with the database already given: what a service holds. */
export type Bound<T extends Record<string, DbFunction>> = {
  readonly [K in keyof T]: T[K] extends (db: Db, ...args: infer A) => infer R
    ? (...args: A) => R
    : never;
};

/**
 * Binds a repository's plain functions (database first, HOUSE-STYLE §2a) to one database, so
 * a service receives queries it can call but never the database itself.
 */
export function bindRepository<T extends Record<string, DbFunction>>(
  db: Db,
  functions: T,
): Bound<T> {
  const bound = Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [
      name,
      (...args: never[]) => fn(db, ...args),
    ]),
  );
  // Each entry is the function of the same name with `db` applied: exactly Bound<T>.
  return bound as Bound<T>;
}
