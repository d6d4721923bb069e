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

/**
 * A value made by `create` the first time and kept in `config` under `name`: every
 * process of an installation reads the same row (the first to insert wins a race; the
 * others read it). Answers the stored text.
 */
export async function keepOnce(
  db: Db,
  name: string,
  create: () => string,
  now: number,
): Promise<string> {
  const read = () =>
    db
      .selectFrom("config")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirst();
  const found = await read();
  if (found) return found.value;
  await db
    .insertInto("config")
    .values({ name, value: create(), updated_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`the ${name} config row could not be stored`);
  return stored.value;
}

/** The config table, bound to a database. */
export function systemRepository(db: Db) {
  return bindRepository(db, {
    readConfigRows,
    readConfigTimes,
    insertConfigIfMissing,
    writeConfig,
    keepOnce,
  });
}
/** What the system service holds of the config table. */
export type SystemRepository = ReturnType<typeof systemRepository>;
