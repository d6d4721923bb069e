import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/*
 * The scheduler's SQL (issue 12): the task rows that make each scheduled run happen once,
 * the run log, and the orphan files' search (what the tasks delete is deleted by the
 * features that own it: messages, sessions and codes, invitations) — each a bounded batch in one transaction,
 * so a large backlog is worked off a batch at a time without holding the database long.
 */

/** Makes sure every task has its row. */
export async function ensureTasks(
  db: Db,
  names: readonly string[],
): Promise<void> {
  for (const name of names)
    await db
      .insertInto("tasks")
      .values({ name })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
}

/**
 * Claims a scheduled slot (ms) of a task: true for exactly one caller per slot over every
 * process, since only one UPDATE can move `last_slot` past it; false when paused.
 */
export async function claimSlot(
  db: Db,
  name: string,
  slot: number,
): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set({ last_slot: slot })
    .where("name", "=", name)
    .where("last_slot", "<", slot)
    .where("paused", "=", 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setPaused(
  db: Db,
  names: readonly string[],
  paused: boolean,
): Promise<void> {
  await db
    .updateTable("tasks")
    .set({ paused: paused ? 1 : 0 })
    .where("name", "in", names)
    .execute();
}

export function listTasks(db: Db) {
  return db.selectFrom("tasks").selectAll().execute();
}

export async function insertLog(
  db: Db,
  entry: {
    name: string;
    started_at: number;
    finished_at: number;
    ok: number;
    manual: number;
    summary: string;
  },
): Promise<void> {
  await db.insertInto("task_log").values(entry).execute();
}

/** A task's newest runs. */
export function listLog(db: Db, name: string, limit: number) {
  return db
    .selectFrom("task_log")
    .selectAll()
    .where("name", "=", name)
    .orderBy("log_id", "desc")
    .limit(limit)
    .execute();
}

export async function clearLog(db: Db, name: string): Promise<void> {
  await db.deleteFrom("task_log").where("name", "=", name).execute();
}

/** Files no message carries, stored before `before` (ms): an upload that never became one. */
export async function listOrphanFiles(
  db: Db,
  before: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("files as f")
    .select("f.file_id")
    .where("f.created_at", "<", before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("messages as m")
            .select("m.msg_id")
            .whereRef("m.file_id", "=", "f.file_id"),
        ),
      ),
    )
    .orderBy("f.file_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.file_id);
}

export function tasksRepository(db: Db) {
  return bindRepository(db, {
    ensureTasks,
    claimSlot,
    setPaused,
    listTasks,
    insertLog,
    listLog,
    clearLog,
    listOrphanFiles,
  });
}
/** What the scheduler holds of the database. */
export type TasksRepository = ReturnType<typeof tasksRepository>;
