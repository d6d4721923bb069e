import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRolesAmong } from "../features/groups/membership.repository.js";
import { createDatabase, type Db, migrateToLatest } from "./database.js";

/**
 * Issue 49: SQLite keeps no planner statistics here, so it guesses ten rows for any
 * `group_id = ?` and may read a whole group where a key lookup was meant. The statements
 * a member lookup runs are planned on a group of 2,000 and must seek each member by key.
 * Always SQLite (whatever TEST_DATABASE_URL says): PostgreSQL keeps statistics of its own.
 */

/** Collects the SQL of every statement run through the database it is given to. */
class Statements implements KyselyPlugin {
  readonly seen: CompiledQuery[] = [];
  constructor(private readonly db: Db) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.seen.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

let db: Db;
const GROUP = 7;
const MEMBERS = 2000;

beforeAll(async () => {
  db = createDatabase({ kind: "sqlite", file: ":memory:" });
  await migrateToLatest(db);
  const now = Date.now();
  await db.executeQuery(CompiledQuery.raw("pragma foreign_keys = off"));
  await db.transaction().execute(async (tx) => {
    for (let user = 1; user <= MEMBERS; user += 100) {
      const users = Array.from({ length: 100 }, (_, i) => user + i);
      await tx
        .insertInto("group_members")
        .values(
          users.map((id) => ({
            group_id: GROUP,
            user_id: id,
            role: id === 1 ? 1 : 3,
            joined_at: now,
          })),
        )
        .execute();
    }
  });
});

afterAll(async () => {
  await db.destroy();
});

async function plans(run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const statements = new Statements(db);
  await run(db.withPlugin(statements));
  const lines: string[] = [];
  for (const statement of statements.seen) {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [
        ...statement.parameters,
      ]),
    );
    lines.push(...plan.rows.map((row) => row.detail));
  }
  return lines;
}

describe("SQLite plans of member lookups in a large group", () => {
  it("seeks the roles of a page's senders by key, never reading the group", async () => {
    const roles = await plans((on) =>
      listRolesAmong(on, GROUP, [1, 20, 300, 4000]),
    );
    expect(roles.length).toBeGreaterThan(0);
    for (const line of roles) expect(line).toMatch(/user_id=\?/);
    expect(await listRolesAmong(db, GROUP, [1, 20, 300, 4000])).toEqual(
      new Map([
        [1, 1],
        [20, 3],
        [300, 3],
      ]),
    );
  });
});
