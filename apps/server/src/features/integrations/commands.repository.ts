import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";

/* Slash commands (issue 48, extensions.md §9). */

export async function insertCommand(
  db: Db,
  command: {
    name: string;
    url: string;
    description: string;
    token_sealed: string;
    bot_user_id: number;
    created_by: number;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto("commands")
    .values(command)
    .returning("command_id")
    .executeTakeFirstOrThrow();
  return row.command_id;
}

/** Every command, by name (at most COMMANDS_MAX). */
export function listCommands(db: Db) {
  return db.selectFrom("commands").selectAll().orderBy("name").execute();
}

export function countCommands(db: Db) {
  return db
    .selectFrom("commands")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => row.n);
}

export function findCommand(db: Db, commandId: number) {
  return db
    .selectFrom("commands")
    .selectAll()
    .where("command_id", "=", commandId)
    .executeTakeFirst();
}

export function findCommandByName(db: Db, name: string) {
  return db
    .selectFrom("commands")
    .selectAll()
    .where("name", "=", name)
    .executeTakeFirst();
}

export async function deleteCommand(
  db: Db,
  commandId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom("commands")
    .where("command_id", "=", commandId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function commandsRepository(db: Db) {
  return bindRepository(db, {
    insertCommand,
    listCommands,
    countCommands,
    findCommand,
    findCommandByName,
    deleteCommand,
  });
}
export type CommandsRepository = ReturnType<typeof commandsRepository>;
