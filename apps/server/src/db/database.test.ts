import { randomBytes } from "node:crypto";
import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { friendEntriesQuery } from "../features/friends/friends.repository.js";
import { describe, expect, it } from "vitest";
import { useTestDb } from "../../test/test-db.js";
import {
  CATALOG_LOCK,
  createDatabase,
  dropSchema,
  ensureSchema,
  migrateToLatest,
} from "./database.js";

const testDb = useTestDb();

describe("the database", () => {
  it("runs on the dialect the environment asks for", async () => {
    const wanted = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
    expect(testDb().dialect).toBe(wanted);
    if (process.env.REQUIRE_SERVICES === "1")
      expect(testDb().dialect).toBe("postgres");
    if (testDb().dialect === "postgres") {
      const { rows } = await sql<{ v: string }>`select version() as v`.execute(
        testDb().db,
      );
      expect(rows[0]?.v).toMatch(/PostgreSQL/);
    }
  });

  it("migrates again without change", async () => {
    await migrateToLatest(testDb().db, testDb().schema);
    // Only this database's own tables: Kysely's introspection lists every schema's, and
    // another test file dropping its schema meanwhile fails that listing (SQLSTATE 3F000).
    const names =
      testDb().dialect === "postgres"
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = ${testDb().schema ?? ""}`.execute(
              testDb().db,
            )
          ).rows.map((t) => t.name)
        : (await testDb().db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      "users",
      "sessions",
      "verification_codes",
      "config",
      "friend_applications",
      "friends",
      "groups",
      "group_members",
      "conversations",
      "messages",
      "user_conversations",
      "files",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("opens SQLite with WAL, full sync, its own checkpoints, foreign keys and a busy timeout", async () => {
    if (testDb().dialect !== "sqlite") return;
    const pragma = async (name: string) => {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.raw(`pragma_${name}`)}`.execute(testDb().db);
      return Object.values(rows[0] ?? {})[0];
    };
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    // SQLite syncs the WAL at each commit (SQLITE_SYNC=driver: sqlite-driver.test.ts).
    expect(await pragma("synchronous")).toBe(2);
    const { rows } = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(testDb().db);
    expect(rows[0]?.wal_autocheckpoint).toBe(1000);
    expect(await pragma("busy_timeout")).toBe(5000);
  });

  it("refuses a second message with the same client id from one sender", async () => {
    const now = Date.now();
    const user = await testDb()
      .db.insertInto("users")
      .values({
        account: "uniq-user",
        realname: "U",
        password_hash: "x",
        created_at: now,
        updated_at: now,
      })
      .returning("user_id")
      .executeTakeFirstOrThrow();
    await testDb()
      .db.insertInto("conversations")
      .values({ conversation_id: "1-2", created_at: now })
      .execute();
    const message = {
      conversation_id: "1-2",
      client_msg_id: "c0ffee00-0000-4000-8000-000000000000",
      from_user: user.user_id,
      to_user: 2,
      content: "hi",
      created_at: now,
    };
    await testDb()
      .db.insertInto("messages")
      .values({ ...message, seq: 1 })
      .execute();
    await expect(
      testDb()
        .db.insertInto("messages")
        .values({ ...message, seq: 2 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      testDb()
        .db.insertInto("messages")
        .values({ ...message, client_msg_id: "other", seq: 1 })
        .execute(),
    ).rejects.toThrow();
  });

  it("serves message paging and the contact list from indexes, not scans", async () => {
    if (testDb().dialect !== "sqlite") return;
    const plan = async (query: string) => {
      const { rows } = await sql<{
        detail: string;
      }>`${sql.raw(`explain query plan ${query}`)}`.execute(testDb().db);
      return rows.map((r) => r.detail).join("\n");
    };
    expect(
      await plan(
        "select * from messages where conversation_id = '1-2' and msg_id < 100 order by msg_id desc limit 10",
      ),
    ).toMatch(/USING (COVERING )?INDEX messages_conversation_msg/);
    expect(
      await plan(
        "select * from user_conversations where user_id = 1 order by is_top desc, last_send_time desc limit 50",
      ),
    ).toMatch(/USING INDEX user_conversations_order/);
    expect(await plan("select * from sessions where token_hash = 'x'")).toMatch(
      /USING INDEX/,
    );
    expect(
      await plan("select user_id from users where status = 1 order by user_id"),
    ).toMatch(/USING (COVERING )?INDEX users_status_id/);
    // Run mode 2's contact list reads the user's friends and looks each one up: its cost
    // follows the friends, never the number of users.
    const friends = friendEntriesQuery(testDb().db, 7).compile();
    const { rows } = await testDb().db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${friends.sql}`, [
        ...friends.parameters,
      ]),
    );
    const [first, second] = rows.map((r) => r.detail);
    expect(first).toMatch(/^SEARCH f USING .*\(user_id=\?\)/);
    expect(second).toMatch(/^SEARCH u USING INTEGER PRIMARY KEY/);
  });
});

/**
 * Parley's catalog changes on PostgreSQL (a migration run, a schema's drop) take turns: a
 * schema dropped under Kysely's listing of every schema's tables fails a migration.
 */
describe("the catalog lock (PostgreSQL)", () => {
  /** Holds the lock from a session of its own until `release`. */
  async function holdLock(url: string) {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [CATALOG_LOCK]);
    return async () => {
      await holder.query("select pg_advisory_unlock($1)", [CATALOG_LOCK]);
      await holder.end();
    };
  }

  /** Waits until another session is queued for the lock; fails if none ever is. */
  async function someoneWaits(url: string): Promise<void> {
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      for (let i = 0; i < 400; i += 1) {
        const { rows } = await watcher.query<{ n: string }>(
          `select count(*) as n from pg_locks
            where locktype = 'advisory' and not granted and classid = 0 and objid = $1`,
          [CATALOG_LOCK],
        );
        if (Number(rows[0]?.n) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("nobody queued for the catalog lock");
    } finally {
      await watcher.end();
    }
  }

  it("makes a migration and a schema's drop wait for each other", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url || testDb().dialect !== "postgres") return;

    let release = await holdLock(url);
    let migrated = false;
    const migrating = migrateToLatest(testDb().db, testDb().schema).then(() => {
      migrated = true;
    });
    await someoneWaits(url);
    expect(migrated).toBe(false);
    await release();
    await migrating;
    expect(migrated).toBe(true);

    const doomed = `t_${randomBytes(6).toString("hex")}`;
    await ensureSchema(url, doomed);
    const exists = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pg_namespace where nspname = ${doomed}`.execute(
          testDb().db,
        )
      ).rows[0]?.n;
    release = await holdLock(url);
    const dropping = dropSchema(url, doomed);
    await someoneWaits(url);
    expect(await exists()).toBe(1);
    await release();
    await dropping;
    expect(await exists()).toBe(0);
  });
});

describe("prepared statements (SQLite keeps them by SQL text)", () => {
  it("answers each run of the same query with its own parameters, even after the schema changes", async () => {
    const db = createDatabase({ kind: "sqlite", file: ":memory:" });
    try {
      await sql`create table t (id integer primary key, name text)`.execute(db);
      const byId = (id: number) =>
        sql<{ id: number; name: string }>`select * from t where id = ${id}`
          .execute(db)
          .then((r) => r.rows);
      await sql`insert into t (id, name) values (1, 'one'), (2, 'two')`.execute(
        db,
      );
      expect(await byId(1)).toEqual([{ id: 1, name: "one" }]);
      expect(await byId(2)).toEqual([{ id: 2, name: "two" }]);
      // A cached `select *` sees a column added since it was prepared.
      await sql`alter table t add column extra text default 'x'`.execute(db);
      expect(await byId(2)).toEqual([{ id: 2, name: "two", extra: "x" }]);
      // More distinct statements than the cache holds still all answer.
      for (let i = 0; i < 1100; i += 1) {
        const rows = await sql<{ n: number }>`select ${sql.lit(i)} + 0 as n`
          .execute(db)
          .then((r) => r.rows);
        expect(rows[0]?.n).toBe(i);
      }
      expect(await byId(1)).toEqual([{ id: 1, name: "one", extra: "x" }]);
      // Rows are read as arrays and named by the statement's columns: a rename, which
      // keeps their number, is seen too.
      await sql`alter table t rename column extra to other`.execute(db);
      expect(await byId(1)).toEqual([{ id: 1, name: "one", other: "x" }]);
      // A stream reads the same cached statement as objects; a run after it, as before.
      const all = db
        .selectFrom("t" as never)
        .selectAll()
        .where("id" as never, ">=", 1 as never);
      const streamed: unknown[] = [];
      for await (const row of all.stream()) streamed.push(row);
      expect(streamed).toEqual([
        { id: 1, name: "one", other: "x" },
        { id: 2, name: "two", other: "x" },
      ]);
      expect(await all.execute()).toEqual(streamed);
    } finally {
      await db.destroy();
    }
  });
});
