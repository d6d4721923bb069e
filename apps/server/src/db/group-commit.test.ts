import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "./database.js";
import { groupCommit } from "./group-commit.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-commit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function freshDb(name: string) {
  const db = createDatabase({ kind: "sqlite", file: path.join(dir, name) });
  await sql`create table t (id integer primary key autoincrement, v text unique)`.execute(
    db,
  );
  return db;
}

const insert = (v: string) =>
  sql<{ id: number }>`insert into t (v) values (${v}) returning id`;

describe("group commit (SQLite)", () => {
  it("runs parallel writes in their order; a failing one is undone alone and rejected", async () => {
    const db = await freshDb("a.db");
    try {
      const commit = groupCommit(db);
      const runs = Array.from({ length: 60 }, (_, i) =>
        commit.run(async (trx) => {
          if (i === 20) {
            // Writes, then fails: its write must not survive.
            await insert("doomed").execute(trx);
            throw new Error("piece 20 fails");
          }
          // A duplicate of piece 0's value: the unique index refuses it.
          const v = i === 40 ? "v0" : `v${i}`;
          return (await insert(v).execute(trx)).rows[0]?.id ?? 0;
        }),
      );
      const settled = await Promise.allSettled(runs);
      expect(settled[20]?.status).toBe("rejected");
      expect(settled[40]?.status).toBe("rejected");
      const ids = settled
        .filter((s) => s.status === "fulfilled")
        .map((s) => s.value);
      expect(ids).toHaveLength(58);
      // In the order they were asked for.
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const rows = await sql<{
        v: string;
      }>`select v from t order by id`.execute(db);
      expect(rows.rows.map((r) => r.v)).not.toContain("doomed");
      expect(rows.rows).toHaveLength(58);
    } finally {
      await db.destroy();
    }
  });

  it("answers a write only once it is committed: a fresh connection sees it", async () => {
    const file = path.join(dir, "b.db");
    const db = await freshDb("b.db");
    const reader = createDatabase({ kind: "sqlite", file });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          groupCommit(db).run(async (trx) => {
            await insert(`w${i}`).execute(trx);
            return i;
          }),
        ),
      );
      expect(answers).toHaveLength(20);
      const seen = await sql<{
        n: number;
      }>`select count(*) as n from t`.execute(reader);
      expect(seen.rows[0]?.n).toBe(20);
    } finally {
      await reader.destroy();
      await db.destroy();
    }
  });

  it("keeps serving after a whole batch fails to commit", async () => {
    const db = await freshDb("c.db");
    try {
      const commit = groupCommit(db);
      // Ending the transaction from inside makes its commit fail.
      const broken = commit.run(async (trx) => {
        await sql`commit`.execute(trx);
        return 1;
      });
      await expect(broken).rejects.toThrow();
      await expect(
        commit.run(
          async (trx) => (await insert("after").execute(trx)).rows.length,
        ),
      ).resolves.toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
