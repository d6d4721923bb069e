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

/** When each config row was last written (ms), by name: for the old admin page's rows. */
export async function readConfigTimes(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("config")
    .select(["name", "updated_at"])
    .execute();
  return new Map(rows.map((row) => [row.name, row.updated_at]));
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
    readConfigTimes,
    insertConfigIfMissing,
    writeConfig,
  });
}
/** What the system service holds of the config table. */
export type SystemRepository = ReturnType<typeof systemRepository>;
