import { type Reaction, ReactionLimits } from "@parley/protocol";
import { sql } from "kysely";
import { compiledPerLength } from "../../db/compiled-once.js";
import { type Db } from "../../db/database.js";
import { isSqlite } from "../../db/dialect.js";
import { groupCommit } from "../../db/group-commit.js";
import { bindRepository } from "../../db/repository.js";
import { findAllByClientId } from "./message-actions.repository.js";

/** What adding a reaction did: added it, found it there already, or found no room. */
export type Added = "added" | "there" | "full";

/**
 * Adds a user's reaction with an emoji to a message, once: a second identical one changes
 * nothing. A new emoji on a message that has 20 already is refused ("full"). The
 * message's row is locked first on PostgreSQL, so two people adding the 20th and 21st
 * emoji at once cannot both pass (SQLite writes one transaction at a time).
 */
async function addReaction(
  db: Db,
  input: { msgId: number; userId: number; emoji: string; now: number },
): Promise<Added> {
  const { msgId, userId, emoji, now } = input;
  return groupCommit(db).run(async (trx) => {
    if (!isSqlite(db))
      await trx
        .selectFrom("messages")
        .select("msg_id")
        .where("msg_id", "=", msgId)
        .forUpdate()
        .execute();
    const emojis = await trx
      .selectFrom("message_reactions")
      .select(["emoji", "user_id"])
      .where("msg_id", "=", msgId)
      .where((eb) =>
        eb.or([eb("emoji", "=", emoji), eb("user_id", "=", userId)]),
      )
      .execute();
    if (emojis.some((r) => r.emoji === emoji && r.user_id === userId))
      return "there";
    if (!emojis.some((r) => r.emoji === emoji)) {
      const { n } = await trx
        .selectFrom("message_reactions")
        .select((eb) => eb.fn.count<number>("emoji").distinct().as("n"))
        .where("msg_id", "=", msgId)
        .executeTakeFirstOrThrow();
      if (n >= ReactionLimits.emojisPerMessage) return "full";
    }
    const inserted = await trx
      .insertInto("message_reactions")
      .values({ msg_id: msgId, user_id: userId, emoji, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
      ? "added"
      : "there";
  });
}

/** Takes a user's reaction with an emoji away; whether there was one. */
async function removeReaction(
  db: Db,
  input: { msgId: number; userId: number; emoji: string },
): Promise<boolean> {
  return groupCommit(db).run(async (trx) => {
    const removed = await trx
      .deleteFrom("message_reactions")
      .where("msg_id", "=", input.msgId)
      .where("user_id", "=", input.userId)
      .where("emoji", "=", input.emoji)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
}

/** How many (message, emoji) pairs one statement of firstReactors reads. */
const PAIRS_PER_STATEMENT = 50;

/**
 * The first users of each (message, emoji), in the order they reacted, as one list per
 * pair: one indexed read of at most `usersListed` rows per pair, all the pairs in one
 * statement (UNION ALL), each pair's reactions joined into one string by the database
 * (85 µs for ten pairs of twenty, SQLite, where a row each took 185). A window
 * over the page's reactions numbered every one of them first (0.6 ms for a message 200
 * people reacted to, read by every member opening the chat: the reconnect storm after the
 * reaction storm, issue 49; ten thousand rows for one ten thousand reacted to), and a row
 * per reaction cost 1 µs each to hand to JavaScript (its emoji a string each time).
 */
async function firstReactors(
  db: Db,
  pairs: readonly { msg_id: number; emoji: string }[],
): Promise<number[][]> {
  const lists: number[][] = pairs.map(() => []);
  // "reaction:user" joined in no promised order, put in order here: an ORDER BY inside
  // the aggregate made SQLite sort each pair apart (310 µs for ten pairs, not 85). The
  // pair's number and the limit are written into the statement (numbers of ours): as
  // parameters they doubled its time on SQLite.
  const joined = isSqlite(db)
    ? sql`group_concat(reaction_id || ':' || user_id, ',')`
    : sql`string_agg(reaction_id::text || ':' || user_id::text, ',')`;
  for (let at = 0; at < pairs.length; at += PAIRS_PER_STATEMENT) {
    const parts = pairs
      .slice(at, at + PAIRS_PER_STATEMENT)
      .map(
        (pair, i) =>
          sql`select ${sql.lit(at + i)} as pair, (select ${joined} from (select user_id, reaction_id from message_reactions where msg_id = ${pair.msg_id} and emoji = ${pair.emoji} order by reaction_id limit ${sql.lit(ReactionLimits.usersListed)}) first) as ids`,
      );
    const { rows } = await sql<{
      // A number, which PostgreSQL's driver hands over as text.
      pair: number | string;
      ids: string | null;
    }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows)
      lists[Number(row.pair)] = usersInReactionOrder(row.ids ?? "");
  }
  return lists;
}

/**
 * The users of one pair's "reaction:user,reaction:user…" string, in reaction order. The
 * database joins them in the order it read them, which is that order in practice but not
 * a promise: they are sorted only when found out of order. Read with indexOf, not split
 * into an array per entry: 66 µs a page of 200 reactors took that way, paid by every
 * member of the reconnect storm after the reaction storm (issue 49).
 */
export function usersInReactionOrder(joined: string): number[] {
  const reactions: number[] = [];
  const users: number[] = [];
  let ordered = true;
  for (let start = 0; start < joined.length;) {
    const colon = joined.indexOf(":", start);
    let comma = joined.indexOf(",", start);
    if (comma < 0) comma = joined.length;
    if (colon < 0 || colon > comma) break;
    const reaction = Number(joined.slice(start, colon));
    if (reaction < (reactions.at(-1) ?? -Infinity)) ordered = false;
    reactions.push(reaction);
    users.push(Number(joined.slice(colon + 1, comma)));
    start = comma + 1;
  }
  if (ordered) return users;
  return users
    .map((user, i) => ({ user, reaction: reactions[i] ?? 0 }))
    .sort((a, b) => a.reaction - b.reaction)
    .map((entry) => entry.user);
}

/**
 * The reactions of a page of messages, in two queries whatever its size (one when none
 * has any): each emoji's exact count and first use, and its first 100 users (firstReactors).
 * Messages nobody reacted to are absent.
 */
const reactionCounts = compiledPerLength((db, msgIds) =>
  db
    .selectFrom("message_reactions")
    .select((eb) => [
      "msg_id",
      "emoji",
      eb.fn.countAll<number>().as("n"),
      eb.fn.min("reaction_id").as("first"),
    ])
    .where("msg_id", "in", msgIds)
    .groupBy(["msg_id", "emoji"])
    .orderBy("msg_id")
    .orderBy("first"),
);

export async function reactionsOf(
  db: Db,
  msgIds: readonly number[],
): Promise<Map<number, Reaction[]>> {
  const found = new Map<number, Reaction[]>();
  if (msgIds.length === 0) return found;
  const ids = [...new Set(msgIds)];
  const counts = await reactionCounts(db, ids);
  // Most pages carry no reaction at all: one indexed read answers them.
  if (counts.length === 0) return found;
  const users = await firstReactors(db, counts);
  counts.forEach((row, i) => {
    const reaction: Reaction = {
      emoji: row.emoji,
      count: row.n,
      user_ids: users[i] ?? [],
    };
    const list = found.get(row.msg_id);
    if (list) list.push(reaction);
    else found.set(row.msg_id, [reaction]);
  });
  return found;
}

/** Reactions: their own table, and the message lookup by client id they start from. */
export function reactionsRepository(db: Db) {
  return bindRepository(db, {
    addReaction,
    removeReaction,
    reactionsOf,
    findAllByClientId,
  });
}

export type ReactionsRepository = ReturnType<typeof reactionsRepository>;
