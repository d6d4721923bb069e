import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDb } from "../../test/test-db.js";
import { StatementNames } from "./pg-prepared.js";

describe("statement names (PostgreSQL runs the application's statements by name)", () => {
  it("names each read or write once, never `begin` or DDL, and none past the limit", () => {
    const names = new StatementNames(3);
    const a = names.of('select * from "users" where "user_id" = $1');
    expect(a).toBeDefined();
    expect(names.of('select * from "users" where "user_id" = $1')).toBe(a);
    expect(names.of("begin")).toBeUndefined();
    expect(names.of("create table t (id int)")).toBeUndefined();
    const b = names.of("  WITH x as (select 1) select * from x");
    const c = names.of("insert into t values ($1)");
    expect(new Set([a, b, c]).size).toBe(3);
    expect(names.of("delete from t")).toBeUndefined();
    // A stale statement's new name counts against the limit too.
    expect(names.renew("insert into t values ($1)")).toBeUndefined();
    expect(names.of("insert into t values ($1)")).toBeUndefined();
  });
});

/*
 * On the test database (PostgreSQL in CI's second pass, where statements run by name; the
 * same promise holds for SQLite's statement cache): a `select *` prepared before its table
 * changed answers with the new column, alone and in a transaction retried after.
 */
describe("statements prepared before a schema change", () => {
  const testDb = useTestDb();

  it("answer with the table as it is now", async () => {
    const { db } = testDb();
    await sql`create table prepared_t (id integer primary key, name text)`.execute(
      db,
    );
    await sql`insert into prepared_t (id, name) values (1, 'one')`.execute(db);
    const byId = (id: number) =>
      sql<Record<string, unknown>>`select * from prepared_t where id = ${id}`
        .execute(db)
        .then((r) => r.rows);
    // Run at once from several connections, so more than one prepares it.
    await Promise.all([byId(1), byId(1), byId(1), byId(1)]);
    expect(await byId(1)).toEqual([{ id: 1, name: "one" }]);
    await sql`alter table prepared_t add column extra text default 'x'`.execute(
      db,
    );
    const after = await Promise.all([byId(1), byId(1), byId(1), byId(1)]);
    for (const rows of after)
      expect(rows).toEqual([{ id: 1, name: "one", extra: "x" }]);
    // In a transaction: the stale statement aborts it at worst once; the next one answers.
    await sql`alter table prepared_t add column more text default 'y'`.execute(
      db,
    );
    const inTransaction = () =>
      db
        .transaction()
        .execute(async (trx) =>
          sql<Record<string, unknown>>`select * from prepared_t where id = ${1}`
            .execute(trx)
            .then((r) => r.rows),
        );
    const first = await inTransaction().catch(() => null);
    if (first !== null)
      expect(first).toEqual([{ id: 1, name: "one", extra: "x", more: "y" }]);
    expect(await inTransaction()).toEqual([
      { id: 1, name: "one", extra: "x", more: "y" },
    ]);
  });
});
