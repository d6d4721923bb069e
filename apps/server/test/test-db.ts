import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import {
  createDatabase,
  type Db,
  dropSchema,
  migrateToLatest,
} from "../src/db/database.js";

/** A fresh, migrated database: a SQLite file, or a PostgreSQL schema with TEST_DATABASE_URL. */
export interface TestDb {
  db: Db;
  /** The PostgreSQL schema, when on PostgreSQL. */
  schema?: string;
  dialect: "sqlite" | "postgres";
  /** Re-opens the same data (a restart). */
  reopen(): Db;
  drop(): Promise<void>;
}

export async function createTestDb(
  options: {
    upTo?: string;
    /** This kind whatever TEST_DATABASE_URL says (PostgreSQL needs it set). */
    dialect?: "sqlite" | "postgres";
  } = {},
): Promise<TestDb> {
  const url =
    options.dialect === "sqlite" ? undefined : process.env.TEST_DATABASE_URL;
  if (options.dialect === "postgres" && !url)
    throw new Error("a PostgreSQL test database needs TEST_DATABASE_URL");
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const target = { kind: "postgres" as const, url, schema };
    const db = createDatabase(target);
    await migrateToLatest(db, schema, options.upTo);
    return {
      db,
      dialect: "postgres",
      schema,
      reopen: () => createDatabase(target),
      drop: () => dropSchema(url, schema),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
  const file = path.join(dir, "parley.sqlite");
  const db = createDatabase({ kind: "sqlite", file });
  await migrateToLatest(db, undefined, options.upTo);
  return {
    db,
    dialect: "sqlite",
    reopen: () => createDatabase({ kind: "sqlite", file }),
    drop: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/**
 * A fresh database for a test file: made before its tests, closed and dropped after them.
 * Call at the top of the file; read it inside tests (`testDb().db`).
 */
export function useTestDb(): () => TestDb {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.db.destroy();
    await testDb?.drop();
  });
  return () => {
    if (!testDb) throw new Error("the test database is made before the tests");
    return testDb;
  };
}
