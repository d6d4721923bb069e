import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import type { NewUser } from "../../db/schema.js";

/* The bots among the users (issue 48): made, listed, found. */

/** A new bot's row. */
export async function insertBot(db: Db, bot: NewUser) {
  return db
    .insertInto("users")
    .values(bot)
    .returning(["user_id", "account"])
    .executeTakeFirstOrThrow();
}

/** A bot that is not deleted, or undefined (a person's id answers the same). */
export function findBot(db: Db, userId: number) {
  return db
    .selectFrom("users")
    .select(["user_id", "realname", "status"])
    .where("user_id", "=", userId)
    .where("is_bot", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** A page of bots, newest first, with their owner's name and when a token was last used. */
export function listBots(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("users as b")
    .leftJoin("users as o", "o.user_id", "b.bot_owner_id")
    .select([
      "b.user_id",
      "b.account",
      "b.realname",
      "b.avatar",
      "b.motto",
      "b.status",
      "b.created_at",
      "b.bot_owner_id",
      "o.realname as owner_name",
      (eb) =>
        eb
          .selectFrom("sessions as s")
          .select(sql<number | null>`max(s.last_seen_at)`.as("seen"))
          .whereRef("s.user_id", "=", "b.user_id")
          .where("s.login_method", "=", "bot")
          .as("last_used_at"),
    ])
    .where("b.is_bot", "=", 1)
    .where("b.deleted_at", "is", null)
    .orderBy("b.user_id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countBots(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_bot", "=", 1)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The bots, bound to a database. */
export function botsRepository(db: Db) {
  return bindRepository(db, { insertBot, findBot, listBots, countBots });
}
export type BotsRepository = ReturnType<typeof botsRepository>;
