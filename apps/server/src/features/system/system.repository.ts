import { compiledOnce } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

const configRows = compiledOnce((db) =>
  db.selectFrom("config").select(["name", "value"]),
);

/** Reads every config row as name → JSON text (on many requests, so compiled once). */
export async function readConfigRows(db: Db): Promise<Map<string, string>> {
  const rows = await configRows(db);
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Inserts a config row unless it exists; never overwrites an administrator's choice. */
export async function insertConfigIfMissing(
  db: Db,
  name: string,
  value: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("config")
    .values({ name, value, updated_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/** Replaces one config row. */
export async function writeConfig(
  db: Db,
  name: string,
  value: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("config")
    .values({ name, value, updated_at: now })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ value, updated_at: now }),
    )
    .execute();
}

/** The config table, bound to a database. */
export function systemRepository(db: Db) {
  return bindRepository(db, {
    readConfigRows,
    insertConfigIfMissing,
    writeConfig,
  });
}
/** What the system service holds of the config table. */
export type SystemRepository = ReturnType<typeof systemRepository>;
