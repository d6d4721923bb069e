import { beforeAll, describe, expect, it } from "vitest";
import { createTestDb, useTestDb } from "../../test/test-db.js";
import { compiledOnce, compiledPerLength } from "./compiled-once.js";

const testDb = useTestDb();
beforeAll(async () => {
  const now = Date.now();
  for (const [name, value] of [
    ["a", "1"],
    ["b", "2"],
    ["it's", "quote"],
  ] as const)
    await testDb()
      .db.insertInto("config")
      .values({ name, value, updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value }))
      .execute();
});

const byName = compiledOnce((db, name) =>
  db.selectFrom("config").select("value").where("name", "=", name),
);

describe("compiledOnce", () => {
  it("runs one compiled query with each call's own arguments", async () => {
    expect(await byName(testDb().db, "a")).toEqual([{ value: "1" }]);
    expect(await byName(testDb().db, "b")).toEqual([{ value: "2" }]);
    // Arguments stay parameters: quotes and SQL in them are values, nothing more.
    expect(await byName(testDb().db, "it's")).toEqual([{ value: "quote" }]);
    expect(await byName(testDb().db, "a' or '1'='1")).toEqual([]);
  });

  it("keeps the constants of the query beside the arguments", async () => {
    const between = compiledOnce((db, low) =>
      db
        .selectFrom("config")
        .select("name")
        .where("name", ">=", low)
        .where("name", "<", "b")
        .orderBy("name"),
    );
    expect(await between(testDb().db, "a")).toEqual([{ name: "a" }]);
    expect(await between(testDb().db, "0")).toEqual([{ name: "a" }]);
  });

  it("compiles for each database on its own (a second database answers from its data)", async () => {
    const other = await createTestDb();
    try {
      expect(await byName(other.db, "a")).toEqual([]);
      expect(await byName(testDb().db, "a")).toEqual([{ value: "1" }]);
    } finally {
      await other.db.destroy();
      await other.drop();
    }
  });

  it("compiles once for a database and its transactions, and runs inside the transaction", async () => {
    let builds = 0;
    const valueOf = compiledOnce((db, name) => {
      builds += 1;
      return db.selectFrom("config").select("value").where("name", "=", name);
    });
    expect(await valueOf(testDb().db, "a")).toEqual([{ value: "1" }]);
    await testDb()
      .db.transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("config")
          .values({ name: "in-trx", value: "seen", updated_at: 1 })
          .execute();
        // The transaction's own uncommitted row: the query ran on its connection.
        expect(await valueOf(trx, "in-trx")).toEqual([{ value: "seen" }]);
      });
    await testDb()
      .db.transaction()
      .execute(async (trx) => {
        expect(await valueOf(trx, "b")).toEqual([{ value: "2" }]);
      });
    expect(builds).toBe(1);
    // Many arguments, null among them, each in its own place.
    const many = compiledOnce((db, a, b, c, d, e, f) =>
      db
        .selectFrom("config")
        .select("name")
        .where((eb) =>
          eb.or([
            eb("name", "=", a),
            eb("name", "=", b),
            eb("name", "=", c),
            eb("name", "=", d),
            eb("name", "=", e),
            eb("value", "=", f),
          ]),
        )
        .orderBy("name"),
    );
    expect(
      await many(testDb().db, "zz", "a", null, "it's", "zz", "seen"),
    ).toEqual([{ name: "a" }, { name: "in-trx" }, { name: "it's" }]);
  });

  it("takes its arity when the build takes its stand-ins as a rest parameter", async () => {
    // As pageMessages builds one statement per shape: the conditions present decide how
    // many arguments there are.
    const shaped = (withLimit: boolean) =>
      compiledOnce(
        (db, ...slots: never[]) => {
          const query = db
            .selectFrom("config")
            .select("name")
            .where("name", ">=", slots[0] as never)
            .orderBy("name");
          return withLimit ? query.limit(slots[1] as never) : query;
        },
        withLimit ? 2 : 1,
      );
    const all = shaped(false);
    const some = shaped(true);
    const plain = (from: string) =>
      testDb()
        .db.selectFrom("config")
        .select("name")
        .where("name", ">=", from)
        .orderBy("name")
        .execute();
    expect(await all(testDb().db, "a")).toEqual(await plain("a"));
    expect(await some(testDb().db, "a", 2)).toEqual(
      (await plain("a")).slice(0, 2),
    );
    expect(await some(testDb().db, "b", 1)).toEqual(
      (await plain("b")).slice(0, 1),
    );
    await expect(some(testDb().db, "a")).rejects.toThrow(
      "2 arguments expected",
    );
  });

  it("refuses a query that does not use an argument as a parameter", async () => {
    const unused = compiledOnce((db, _name) =>
      db.selectFrom("config").select("value"),
    );
    await expect(unused(testDb().db, "a")).rejects.toThrow(
      "an argument is not a parameter",
    );
    // And one called with the wrong number of arguments runs nothing.
    await expect(byName(testDb().db)).rejects.toThrow("1 arguments expected");
  });

  it("compiles a list query once per length, and builds one past 64 afresh", async () => {
    const now = Date.now();
    const names = Array.from({ length: 70 }, (_, i) => `list-${String(i)}`);
    await testDb()
      .db.insertInto("config")
      .values(names.map((name) => ({ name, value: name, updated_at: now })))
      .execute();
    let builds = 0;
    const valuesOf = compiledPerLength((db, list) => {
      builds += 1;
      return db
        .selectFrom("config")
        .select("value")
        .where("name", "in", list)
        .orderBy("name");
    });
    const sorted = (list: string[]) =>
      [...list].sort().map((value) => ({ value }));
    expect(await valuesOf(testDb().db, names.slice(0, 3))).toEqual(
      sorted(names.slice(0, 3)),
    );
    expect(await valuesOf(testDb().db, names.slice(5, 8))).toEqual(
      sorted(names.slice(5, 8)),
    );
    expect(builds).toBe(1);
    expect(await valuesOf(testDb().db, names.slice(0, 20))).toEqual(
      sorted(names.slice(0, 20)),
    );
    expect(builds).toBe(2);
    // Values stay parameters: a quote or SQL in one is a value, nothing more.
    expect(await valuesOf(testDb().db, ["it's", "x') or ('1'='1"])).toEqual([
      { value: "quote" },
    ]);
    // Past 64: built at each call, with every value.
    expect(await valuesOf(testDb().db, names)).toEqual(sorted(names));
    expect(await valuesOf(testDb().db, names)).toEqual(sorted(names));
    expect(builds).toBe(5);
  });

  it("takes further arguments after the list, each in its place", async () => {
    await testDb()
      .db.insertInto("config")
      .values(
        ["fix-1", "fix-2", "fix-3", "fix-4"].map((name) => ({
          name,
          value: name,
          updated_at: 1,
        })),
      )
      .execute();
    const valuesBetween = compiledPerLength((db, list, low, high) =>
      db
        .selectFrom("config")
        .select("value")
        .where("name", "in", list)
        .where("name", ">=", low)
        .where("name", "<", high)
        .orderBy("name"),
    );
    const list = ["fix-1", "fix-2", "fix-3", "fix-4"];
    expect(await valuesBetween(testDb().db, list, "fix-2", "fix-4")).toEqual([
      { value: "fix-2" },
      { value: "fix-3" },
    ]);
    expect(await valuesBetween(testDb().db, list, "a", "fix-2")).toEqual([
      { value: "fix-1" },
    ]);
    await expect(valuesBetween(testDb().db, list, "a")).rejects.toThrow(
      "2 arguments expected",
    );
  });
});
