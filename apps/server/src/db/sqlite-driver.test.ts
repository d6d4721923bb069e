import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "./database.js";
import type { SyncFile } from "./sqlite-driver.js";

/*
 * With SQLITE_SYNC=driver the SQLite driver syncs the WAL itself, off the event loop
 * (sqlite-driver.ts); SQLite runs with synchronous OFF and no checkpoint of its own. A sync the
 * test holds shows what waits for it: nothing written, and nothing read that a write not yet
 * on disk could have changed, is answered before the sync that covers it has finished.
 */

interface HeldSync {
  fd: number;
  release: () => void;
  fail: (error: Error) => void;
}

let dir: string;
let file: string;
let syncs: HeldSync[];
let db: Kysely<{ t: { id: Generated<number>; v: string } }>;

const holdSync: SyncFile = (fd) =>
  new Promise((resolve, reject) => {
    syncs.push({ fd, release: resolve, fail: reject });
  });

/** Lets every callback that can run, run (the sync itself is the test's to finish). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1)
    await new Promise((resolve) => setImmediate(resolve));
}

/** Whether a promise has settled, after letting everything that can run, run. */
async function isDone(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await settle();
  return done;
}

function insert(v: string): Promise<unknown> {
  return db.insertInto("t").values({ v }).execute();
}

function rowsOnlyInDatabaseFile(): number {
  // The database file alone, as a power cut that dropped the WAL would leave it.
  const copy = path.join(dir, "copy.sqlite");
  fs.copyFileSync(file, copy);
  const alone = new SQLite(copy, { readonly: true });
  try {
    return (alone.prepare("select count(*) as n from t").get() as { n: number })
      .n;
  } finally {
    alone.close();
    fs.rmSync(copy);
  }
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-driver-"));
  file = path.join(dir, "parley.sqlite");
  syncs = [];
  db = createDatabase(
    { kind: "sqlite", file, syncWal: "driver" },
    { syncFile: holdSync },
  ) as unknown as typeof db;
  const creating =
    sql`create table t (id integer primary key, v text not null)`.execute(db);
  await settle();
  for (const s of syncs.splice(0)) s.release();
  await creating;
});

afterEach(async () => {
  for (const s of syncs.splice(0)) s.release();
  await db.destroy().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite driver's durability", () => {
  it("runs SQLite unsynced and without its own checkpoints", async () => {
    const pragma = (name: string) =>
      sql<Record<string, number>>`${sql.raw(`pragma ${name}`)}`
        .execute(db)
        .then((r) => Object.values(r.rows[0] ?? {})[0]);
    expect(await pragma("synchronous")).toBe(0);
    expect(await pragma("wal_autocheckpoint")).toBe(0);
  });

  it("answers a write only once the WAL file has been synced after its commit", async () => {
    const writing = insert("a");
    expect(await isDone(writing)).toBe(false);
    expect(syncs).toHaveLength(1);
    // The descriptor synced is the WAL file's.
    expect(fs.fstatSync(syncs[0]?.fd ?? -1).ino).toBe(
      fs.statSync(`${file}-wal`).ino,
    );
    syncs[0]?.release();
    expect(await isDone(writing)).toBe(true);
  });

  it("answers a transaction only once its commit is synced", async () => {
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ v: "a" }).execute();
      await trx.insertInto("t").values({ v: "b" }).execute();
      return "stored";
    });
    expect(await isDone(transaction)).toBe(false);
    expect(syncs).toHaveLength(1);
    syncs[0]?.release();
    expect(await transaction).toBe("stored");
  });

  it("lets no other query read a commit before it is on disk, and every one right after", async () => {
    const first = insert("a");
    await settle();
    let secondRan = false;
    const second = db.transaction().execute(async (trx) => {
      secondRan = true;
      await trx.insertInto("t").values({ v: "b" }).execute();
    });
    const reading = db.selectFrom("t").select("v").execute();
    await settle();
    expect(secondRan).toBe(false);
    expect(await isDone(reading)).toBe(false);
    syncs[0]?.release();
    expect(await isDone(first)).toBe(true);
    expect(secondRan).toBe(true);
    // The second commit has a sync of its own; the read, asked for after it, waits for it.
    expect(await isDone(second)).toBe(false);
    expect(await isDone(reading)).toBe(false);
    expect(syncs).toHaveLength(2);
    syncs[1]?.release();
    expect(await isDone(second)).toBe(true);
    expect((await reading).map((r) => r.v)).toEqual(["a", "b"]);
  });

  it("syncs nothing for reads, and makes each of many concurrent writes durable, in order", async () => {
    await db.selectFrom("t").selectAll().execute();
    expect(syncs).toHaveLength(0);
    const writes = Array.from({ length: 20 }, (_, i) => insert(`w${i}`));
    for (let released = 0; released < 20; released += 1) {
      await settle();
      expect(syncs).toHaveLength(1);
      syncs.splice(0)[0]?.release();
    }
    await Promise.all(writes);
    // The connection went to them in the order they asked.
    const stored = await db.selectFrom("t").select("v").orderBy("id").execute();
    expect(stored.map((r) => r.v)).toEqual(
      Array.from({ length: 20 }, (_, i) => `w${i}`),
    );
  });

  it("fails every waiting write, and every later one, once a sync has failed", async () => {
    const first = insert("a");
    await settle();
    syncs[0]?.fail(Object.assign(new Error("EIO: i/o error"), { code: "EIO" }));
    await expect(first).rejects.toThrow(
      /could not make its writes durable \(EIO: i\/o error\); restart the server/,
    );
    await expect(insert("b")).rejects.toThrow(
      /could not make its writes durable/,
    );
    await expect(db.selectFrom("t").selectAll().execute()).rejects.toThrow(
      /could not make its writes durable/,
    );
  });

  it("copies the WAL into the database file from time to time, and fully when closed", async () => {
    let stored = 0;
    // Release every sync as it comes, like the disk would.
    const releasing = setInterval(() => {
      for (const s of syncs.splice(0)) s.release();
    }, 1);
    try {
      for (let i = 0; i < 450; i += 1) {
        await insert(`row ${i}`);
        stored += 1;
      }
    } finally {
      clearInterval(releasing);
    }
    // Checkpoints ran on the way, one every 200 commits (SQLite's own is off).
    expect(rowsOnlyInDatabaseFile()).toBeGreaterThanOrEqual(stored - 200);
    await db.destroy();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(rowsOnlyInDatabaseFile()).toBe(stored);
  });
});

describe("the SQLite driver's other paths", () => {
  it("streams rows, and rolls back to a savepoint", async () => {
    const releasing = setInterval(() => {
      for (const s of syncs.splice(0)) s.release();
    }, 1);
    try {
      const trx = await db.startTransaction().execute();
      await trx.insertInto("t").values({ v: "kept" }).execute();
      const point = await trx.savepoint("before").execute();
      await point.insertInto("t").values({ v: "dropped" }).execute();
      const back = await point.rollbackToSavepoint("before").execute();
      await back.releaseSavepoint("before").execute();
      await back.commit().execute();
      const streamed: string[] = [];
      for await (const row of db.selectFrom("t").select("v").stream())
        streamed.push(row.v);
      expect(streamed).toEqual(["kept"]);
    } finally {
      clearInterval(releasing);
    }
  });
});

describe("the SQLite driver with the real fdatasync", () => {
  it("stores and answers many concurrent writes and reads", async () => {
    const real = createDatabase({
      kind: "sqlite",
      file: path.join(dir, "real.sqlite"),
      syncWal: "driver",
    }) as unknown as typeof db;
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(
        real,
      );
      const writes = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? real
              .insertInto("t")
              .values({ v: `w${i}` })
              .execute()
          : real.transaction().execute((trx) =>
              trx
                .insertInto("t")
                .values({ v: `t${i}` })
                .execute(),
            ),
      );
      const reads = Array.from({ length: 50 }, () =>
        real.selectFrom("t").select("id").execute(),
      );
      await Promise.all([...writes, ...reads]);
      const { n } = await real
        .selectFrom("t")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(n).toBe(200);
    } finally {
      await real.destroy();
    }
  });
});

describe("the SQLite driver beside another process on the same file", () => {
  it("runs a transaction that reads, then writes, while another process writes meanwhile", async () => {
    const shared = createDatabase({
      kind: "sqlite",
      file: path.join(dir, "shared.sqlite"),
    }) as unknown as typeof db;
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(
        shared,
      );
      await shared.insertInto("t").values({ v: "first" }).execute();
      const stored = await shared.transaction().execute(async (trx) => {
        const before = await trx.selectFrom("t").select("v").execute();
        // Another process writes the same file now, as a second server process would.
        const other = spawn(
          process.execPath,
          [
            "-e",
            `const db = new (require("better-sqlite3"))(process.argv[1]);
             db.pragma("busy_timeout = 5000");
             process.stdout.write("writing\\n");
             db.prepare("insert into t (v) values ('other')").run();
             db.close();`,
            path.join(dir, "shared.sqlite"),
          ],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        const exited = new Promise<number | null>((resolve) =>
          other.once("exit", resolve),
        );
        await new Promise((resolve) => other.stdout.once("data", resolve));
        // Long enough for its insert to commit, had it not had to wait for this one.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx.insertInto("t").values({ v: "mine" }).execute();
        return { before, exited };
      });
      expect(stored.before.map((r) => r.v)).toEqual(["first"]);
      // The other process waited for this commit, then wrote: both are stored.
      expect(await stored.exited).toBe(0);
      const rows = await shared
        .selectFrom("t")
        .select("v")
        .orderBy("id")
        .execute();
      expect(rows.map((r) => r.v)).toEqual(["first", "mine", "other"]);
    } finally {
      await shared.destroy();
    }
  });
});
