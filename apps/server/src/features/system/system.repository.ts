import type { Db } from "../../db/database.js";

/** Reads every config row as name → JSON text. */
export async function readConfigRows(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("config")
    .select(["name", "value"])
    .execute();
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

/** Stores a user's interface language. */
export async function updateUserLang(
  db: Db,
  userId: number,
  lang: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ lang, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}
