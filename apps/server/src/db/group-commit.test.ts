import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest } from "./database.js";
import { groupCommit } from "./group-commit.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-commit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The product's database (the commit keeps its search index) with a table of its own. */
async function freshDb(name: string) {
  const db = createDatabase({ kind: "sqlite", file: path.join(dir, name) });
  await migrateToLatest(db);
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

  it("writes the search entries of what it stored without waiting for a search", async () => {
    const db = await freshDb("d.db");
    try {
      const now = Date.now();
      const stored = async (content: string) =>
        groupCommit(db).run(async (trx) => {
          const { rows } = await sql<{ user_id: number }>`insert into users
              (account, realname, password_hash, created_at, updated_at)
            values (${content}, 'A', 'x', ${now}, ${now}) returning user_id`.execute(
            trx,
          );
          const user = rows[0]?.user_id ?? 0;
          await sql`insert or ignore into conversations (conversation_id, created_at)
            values ('c', ${now})`.execute(trx);
          const message = await sql<{ msg_id: number }>`insert into messages
              (conversation_id, seq, client_msg_id, from_user, to_user, content, created_at)
            values ('c', ${user}, ${content}, ${user}, ${user}, ${content}, ${now})
            returning msg_id`.execute(trx);
          return message.rows[0]?.msg_id ?? 0;
        });
      const indexedUpto = async () =>
        (
          await sql<{
            upto: number;
          }>`select indexed_upto as upto from message_search_progress`.execute(
            db,
          )
        ).rows[0]?.upto ?? 0;
      // The first commit indexes at once; the next, so soon after, leaves it for later.
      const first = await stored("first");
      expect(await indexedUpto()).toBe(first);
      const second = await stored("second");
      expect(await indexedUpto()).toBe(first);
      // With no more sends, a commit of its own catches up.
      await expect.poll(indexedUpto).toBe(second);
      const found = await sql<{
        n: number;
      }>`select count(*) as n from message_search_trigrams
        where message_search_trigrams match '"second"'`.execute(db);
      expect(found.rows[0]?.n).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
