import { type Kysely, sql, type Transaction } from "kysely";
import { compiledPerLength } from "../../db/compiled-once.js";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import type { Database } from "../../db/schema.js";
import { parseJsonArray } from "../../lib/json.js";
import { notHiddenFor } from "./history.repository.js";
import { findAllByClientId } from "./message-actions.repository.js";
import type { MessageRow, ThreadLink } from "./message-store.repository.js";

/*
 * A thread's state (extensions.md §6): the root's summary and who follows it, each
 * follower with their unread replies. Kept exactly by changing it only inside the
 * transaction that stores the reply, by one statement per step that PostgreSQL runs
 * against the row as it is at that moment (`unread = unread + 1`, never a value read
 * earlier), and by SQLite writing one transaction at a time. The rules:
 * - a reply counts once in its thread; its sender follows the thread from then on, with
 *   nothing unread (they wrote the last word, in the open thread); every other follower
 *   has one more reply unread;
 * - the first reply makes the root's sender a follower too (a later unfollow stands);
 * - reading the thread sets the reader's unread to 0; following starts at 0; unfollowing
 *   forgets the count.
 */

type Trx = Transaction<Database> | Kysely<Database>;

/** How many replies the root's summary names: the first ten who replied. */
export const THREAD_REPLIERS_SHOWN = 10;

/** A root's thread as its summary shows it. */
export interface ThreadSummary {
  root_msg_id: number;
  count: number;
  /** When the last reply came, ms. */
  lastTime: number;
  /** The first ten repliers, in the order they first replied. */
  user_ids: number[];
}

/** A follower of a thread and their unread replies in it. */
export interface ThreadFollower {
  user_id: number;
  unread: number;
}

/** A reply to record: the root it answers, who wrote the root, who replied, and when. */
export interface ThreadReply {
  rootMsgId: number;
  rootSender: number;
  replier: number;
  /** The reply's time, ms. */
  time: number;
}

const ids = (text: string): number[] =>
  parseJsonArray(text).filter((id): id is number => typeof id === "number");

/**
 * Records a reply in its thread, inside the transaction that stores the reply (so a
 * reply never counts without being stored, or is stored without counting). Answers the
 * thread's summary after it and every follower with their unread count, for the pushes.
 */
export async function recordReply(
  trx: Trx,
  reply: ThreadReply,
): Promise<{ summary: ThreadSummary; followers: ThreadFollower[] }> {
  const thread = await trx
    .insertInto("message_threads")
    .values({
      root_msg_id: reply.rootMsgId,
      reply_count: 1,
      last_time: reply.time,
    })
    .onConflict((oc) =>
      oc.column("root_msg_id").doUpdateSet({
        reply_count: sql`message_threads.reply_count + 1`,
        // Replies from two processes may come with their clocks a little apart.
        last_time: sql`case when excluded.last_time > message_threads.last_time then excluded.last_time else message_threads.last_time end`,
      }),
    )
    .returning(["reply_count", "last_time", "repliers"])
    .executeTakeFirstOrThrow();
  // The row is this transaction's now (PostgreSQL locked it by the upsert).
  let repliers = ids(thread.repliers);
  if (
    !repliers.includes(reply.replier) &&
    repliers.length < THREAD_REPLIERS_SHOWN
  ) {
    repliers = [...repliers, reply.replier];
    await trx
      .updateTable("message_threads")
      .set({ repliers: JSON.stringify(repliers) })
      .where("root_msg_id", "=", reply.rootMsgId)
      .execute();
  }
  if (thread.reply_count === 1 && reply.rootSender !== reply.replier) {
    // The root's sender, when their account is still there.
    await trx
      .insertInto("thread_follows")
      .columns(["root_msg_id", "user_id", "unread", "last_time"])
      .expression((eb) =>
        eb
          .selectFrom("users")
          .select([
            sql<number>`${reply.rootMsgId}`.as("root_msg_id"),
            "user_id",
            sql<number>`0`.as("unread"),
            sql<number>`${thread.last_time}`.as("last_time"),
          ])
          .where("user_id", "=", reply.rootSender),
      )
      .onConflict((oc) => oc.columns(["root_msg_id", "user_id"]).doNothing())
      .execute();
  }
  await trx
    .updateTable("thread_follows")
    .set({
      unread: sql`unread + 1`,
      last_time: thread.last_time,
    })
    .where("root_msg_id", "=", reply.rootMsgId)
    .where("user_id", "!=", reply.replier)
    .execute();
  await trx
    .insertInto("thread_follows")
    .values({
      root_msg_id: reply.rootMsgId,
      user_id: reply.replier,
      unread: 0,
      last_time: thread.last_time,
    })
    .onConflict((oc) =>
      oc
        .columns(["root_msg_id", "user_id"])
        .doUpdateSet({ unread: 0, last_time: thread.last_time }),
    )
    .execute();
  const followers = await trx
    .selectFrom("thread_follows")
    .select(["user_id", "unread"])
    .where("root_msg_id", "=", reply.rootMsgId)
    .orderBy("user_id")
    .execute();
  return {
    summary: {
      root_msg_id: reply.rootMsgId,
      count: thread.reply_count,
      lastTime: thread.last_time,
      user_ids: repliers,
    },
    followers,
  };
}

/**
 * Makes a message just stored a reply in its root's thread, in the transaction that stored
 * it: the reply names its root, and the thread counts it (`recordReply`). Answers the row
 * as stored.
 */
export async function storeInThread(
  trx: Transaction<Database>,
  row: MessageRow,
  link: ThreadLink,
): Promise<MessageRow> {
  const stored = await trx
    .updateTable("messages")
    .set({
      thread_id: link.rootClientId,
      thread_root: link.rootMsgId,
      thread_broadcast: link.broadcast ? 1 : 0,
    })
    .where("msg_id", "=", row.msg_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordReply(trx, {
    rootMsgId: link.rootMsgId,
    rootSender: link.rootSender,
    replier: row.from_user,
    time: row.created_at,
  });
  return stored;
}

/**
 * Follows a thread (nothing unread from then on; already following changes nothing) or
 * stops following it. `since` is the thread's last activity when it has no reply yet (the
 * root's send time), for the order of the follower's threads.
 */
async function setFollowing(
  db: Db,
  rootMsgId: number,
  userId: number,
  follow: boolean,
  since: number,
): Promise<void> {
  if (!follow) {
    await db
      .deleteFrom("thread_follows")
      .where("root_msg_id", "=", rootMsgId)
      .where("user_id", "=", userId)
      .execute();
    return;
  }
  await db
    .insertInto("thread_follows")
    .values((eb) => ({
      root_msg_id: rootMsgId,
      user_id: userId,
      unread: 0,
      last_time: eb.fn.coalesce(
        eb
          .selectFrom("message_threads")
          .select("last_time")
          .where("root_msg_id", "=", rootMsgId),
        eb.val(since),
      ),
    }))
    .onConflict((oc) => oc.columns(["root_msg_id", "user_id"]).doNothing())
    .execute();
}

/** Marks a thread read for a follower (nothing for anyone else). */
async function markThreadRead(
  db: Db,
  rootMsgId: number,
  userId: number,
): Promise<boolean> {
  const [result] = await db
    .updateTable("thread_follows")
    .set({ unread: 0 })
    .where("root_msg_id", "=", rootMsgId)
    .where("user_id", "=", userId)
    .where("unread", "!=", 0)
    .execute();
  return Number(result?.numUpdatedRows ?? 0) > 0;
}

/**
 * A user follows none of a conversation's threads any more (they left its group): one
 * range of their follows, joined to the roots' conversation.
 */
async function unfollowConversation(
  db: Db,
  conversationId: string,
  userId: number,
): Promise<void> {
  const roots = await db
    .selectFrom("thread_follows as f")
    .innerJoin("messages as m", "m.msg_id", "f.root_msg_id")
    .select("f.root_msg_id")
    .where("f.user_id", "=", userId)
    .where("m.conversation_id", "=", conversationId)
    .execute();
  if (roots.length === 0) return;
  await db
    .deleteFrom("thread_follows")
    .where("user_id", "=", userId)
    .where(
      "root_msg_id",
      "in",
      roots.map((r) => r.root_msg_id),
    )
    .execute();
}

/** A user's following of one thread: their unread count, or undefined when not following. */
async function followingOf(
  db: Db,
  rootMsgId: number,
  userId: number,
): Promise<ThreadFollower | undefined> {
  return db
    .selectFrom("thread_follows")
    .select(["user_id", "unread"])
    .where("root_msg_id", "=", rootMsgId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** A thread's followers with their unread counts. */
async function followersOf(
  db: Db,
  rootMsgId: number,
): Promise<ThreadFollower[]> {
  return db
    .selectFrom("thread_follows")
    .select(["user_id", "unread"])
    .where("root_msg_id", "=", rootMsgId)
    .execute();
}

/** The summaries of the roots that have replies, of those given (one read for a page). */
const threadsOf = compiledPerLength((db, rootMsgIds) =>
  db
    .selectFrom("message_threads")
    .selectAll()
    .where("root_msg_id", "in", rootMsgIds),
);

async function threadSummaries(
  db: Db,
  rootMsgIds: readonly number[],
): Promise<Map<number, ThreadSummary>> {
  if (rootMsgIds.length === 0) return new Map();
  const rows = await threadsOf(db, rootMsgIds);
  return new Map(
    rows.map((row) => [
      row.root_msg_id,
      {
        root_msg_id: row.root_msg_id,
        count: row.reply_count,
        lastTime: row.last_time,
        user_ids: ids(row.repliers),
      },
    ]),
  );
}

/** One of a user's followed threads, as their list shows it. */
export interface FollowedThread {
  root_msg_id: number;
  unread: number;
  count: number;
  lastTime: number;
}

/**
 * The threads a user follows, latest activity first (one range of an index), a page at a
 * time, with how many they follow in all.
 */
async function followedThreads(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
  unreadOnly = false,
): Promise<{ rows: FollowedThread[]; total: number }> {
  let rows = db
    .selectFrom("thread_follows as f")
    .leftJoin("message_threads as t", "t.root_msg_id", "f.root_msg_id")
    .select((eb) => [
      "f.root_msg_id",
      "f.unread",
      "f.last_time as lastTime",
      eb.fn.coalesce("t.reply_count", eb.val(0)).as("count"),
    ])
    .where("f.user_id", "=", userId);
  let total = db
    .selectFrom("thread_follows")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("user_id", "=", userId);
  // Unread ones: within the same range of the follower's index.
  if (unreadOnly) {
    rows = rows.where("f.unread", ">", 0);
    total = total.where("unread", ">", 0);
  }
  const [page, counted] = await Promise.all([
    rows
      .orderBy("f.last_time", "desc")
      .orderBy("f.root_msg_id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(counted.total) };
}

/**
 * A thread's replies after the reply `afterMsgId` (0: from the first), oldest first, as a
 * reader sees them: not those they hid, nor those sent before `afterSeq` (a group member's
 * join with history off). One range of the replies' index.
 */
async function repliesAfter(
  db: Db,
  rootMsgId: number,
  options: {
    afterMsgId: number;
    limit: number;
    reader: number;
    afterSeq: number;
  },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom("messages")
    .selectAll()
    .where("thread_root", "=", rootMsgId)
    .where("msg_id", ">", options.afterMsgId)
    .where(notHiddenFor(options.reader));
  if (options.afterSeq > 0) query = query.where("seq", ">", options.afterSeq);
  return query.orderBy("msg_id").limit(options.limit).execute();
}

/** Stored messages by msg_id, in one read (a page of followed threads' roots). */
async function messagesByMsgIds(
  db: Db,
  msgIds: readonly number[],
): Promise<MessageRow[]> {
  if (msgIds.length === 0) return [];
  return db
    .selectFrom("messages")
    .selectAll()
    .where("msg_id", "in", [...msgIds])
    .execute();
}

export function threadsRepository(db: Db) {
  return bindRepository(db, {
    findAllByClientId,
    repliesAfter,
    messagesByMsgIds,
    recordReply,
    setFollowing,
    markThreadRead,
    followingOf,
    followersOf,
    threadSummaries,
    followedThreads,
    unfollowConversation,
  });
}

export type ThreadsRepository = ReturnType<typeof threadsRepository>;
