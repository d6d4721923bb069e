import { type Reaction, ReactionLimits } from "@parley/protocol";
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
 * The first users of each (message, emoji), in the order they reacted: one indexed read
 * of at most `usersListed` rows per pair, all the pairs in one statement (UNION ALL). A
 * window over the page's reactions numbered every one of them first: 0.6 ms for a message
 * 200 people reacted to, read by every member opening the chat (the reconnect storm after
 * the reaction storm, issue 49), and ten thousand rows for one ten thousand reacted to.
 */
async function firstReactors(
  db: Db,
  pairs: readonly { msg_id: number; emoji: string }[],
): Promise<{ msg_id: number; emoji: string; user_id: number }[]> {
  const rows: {
    msg_id: number;
    emoji: string;
    user_id: number;
    reaction_id: number;
  }[] = [];
  for (let at = 0; at < pairs.length; at += PAIRS_PER_STATEMENT) {
    const firsts = pairs
      .slice(at, at + PAIRS_PER_STATEMENT)
      .map((pair) =>
        db
          .selectFrom((eb) =>
            eb
              .selectFrom("message_reactions")
              .select(["msg_id", "emoji", "user_id", "reaction_id"])
              .where("msg_id", "=", pair.msg_id)
              .where("emoji", "=", pair.emoji)
              .orderBy("reaction_id")
              .limit(ReactionLimits.usersListed)
              .as("first"),
          )
          .selectAll(),
      );
    const [one, ...rest] = firsts;
    if (!one) break;
    rows.push(
      ...(await rest
        .reduce((union, next) => union.unionAll(next), one)
        .execute()),
    );
  }
  return rows.sort((a, b) => a.reaction_id - b.reaction_id);
}

/**
 * The reactions of a page of messages, in two queries whatever its size (one when none
 * has any): each emoji's exact count and first use, and its first 100 users (firstReactors).
 * Messages nobody reacted to are absent.
 */
export async function reactionsOf(
  db: Db,
  msgIds: readonly number[],
): Promise<Map<number, Reaction[]>> {
  const found = new Map<number, Reaction[]>();
  if (msgIds.length === 0) return found;
  const ids = [...new Set(msgIds)];
  const counts = await db
    .selectFrom("message_reactions")
    .select((eb) => [
      "msg_id",
      "emoji",
      eb.fn.countAll<number>().as("n"),
      eb.fn.min("reaction_id").as("first"),
    ])
    .where("msg_id", "in", ids)
    .groupBy(["msg_id", "emoji"])
    .orderBy("msg_id")
    .orderBy("first")
    .execute();
  // Most pages carry no reaction at all: one indexed read answers them.
  if (counts.length === 0) return found;
  const users = await firstReactors(db, counts);
  const byEmoji = new Map<string, Reaction>();
  for (const row of counts) {
    const msgId = row.msg_id;
    const reaction: Reaction = {
      emoji: row.emoji,
      count: row.n,
      user_ids: [],
    };
    byEmoji.set(`${String(msgId)} ${row.emoji}`, reaction);
    const list = found.get(msgId);
    if (list) list.push(reaction);
    else found.set(msgId, [reaction]);
  }
  for (const row of users)
    byEmoji
      .get(`${String(row.msg_id)} ${row.emoji}`)
      ?.user_ids.push(row.user_id);
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
