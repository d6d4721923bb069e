import { compiledOnce } from "../../db/compiled-once.js";
import { type Db } from "../../db/database.js";
import { groupCommit } from "../../db/group-commit.js";
import { type MessageRow } from "./message-store.repository.js";

const readState = compiledOnce((db, readerId, conversationId) =>
  db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .select(["uc.last_read_seq", "uc.unread", "uc.is_at", "c.last_seq"])
    .where("uc.user_id", "=", readerId)
    .where("uc.conversation_id", "=", conversationId),
);

/**
 * Whether a reader has anything left to mark read in a conversation: every page of the
 * history marks it read, and most pages are read with nothing new, so this read spares
 * them a write transaction (and its sync to disk: issue 14).
 */
async function nothingToMark(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<boolean> {
  const [state] = await readState(db, readerId, conversationId);
  return (
    state === undefined ||
    (state.last_read_seq >= state.last_seq &&
      state.unread === 0 &&
      state.is_at === 0)
  );
}

/**
 * Marks what the reader received in a conversation read, from their last read position
 * on (the unique (conversation, seq) index keeps this off a scan), and zeroes their
 * unread counter. Answers the messages that changed, once they are committed.
 */
export async function markRead(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<Array<Pick<MessageRow, "msg_id" | "client_msg_id" | "from_user">>> {
  if (await nothingToMark(db, readerId, conversationId)) return [];
  // Shares a commit with the writes around it (a reconnect storm's pages all mark read).
  return groupCommit(db).run(async (trx) => {
    const state = await trx
      .selectFrom("user_conversations")
      .select("last_read_seq")
      .where("user_id", "=", readerId)
      .where("conversation_id", "=", conversationId)
      .executeTakeFirst();
    const conversation = await trx
      .selectFrom("conversations")
      .select("last_seq")
      .where("conversation_id", "=", conversationId)
      .executeTakeFirst();
    if (!state || !conversation) return [];
    const changed = await trx
      .updateTable("messages")
      .set({ is_read: 1 })
      .where("conversation_id", "=", conversationId)
      .where("seq", ">", state.last_read_seq)
      .where("seq", "<=", conversation.last_seq)
      .where("to_user", "=", readerId)
      .where("is_read", "=", 0)
      .returning(["msg_id", "client_msg_id", "from_user"])
      .execute();
    await trx
      .updateTable("user_conversations")
      .set({ unread: 0, is_at: 0, last_read_seq: conversation.last_seq })
      .where("user_id", "=", readerId)
      .where("conversation_id", "=", conversationId)
      .execute();
    return changed;
  });
}

/**
 * Marks a group read for one member: their read position moves to the group's last message
 * and their mention mark clears. One write, whatever the group's size. Answers the range of
 * sequence numbers newly read (empty when `from` equals `to`).
 */
export async function markGroupRead(
  db: Db,
  readerId: number,
  conversationId: string,
): Promise<{ from: number; to: number; wrote: boolean }> {
  const [known] = await readState(db, readerId, conversationId);
  if (!known) return { from: 0, to: 0, wrote: false };
  if (
    known.last_read_seq >= known.last_seq &&
    known.unread === 0 &&
    known.is_at === 0
  )
    return { from: known.last_read_seq, to: known.last_read_seq, wrote: false };
  // Shares a commit with the writes around it (a reconnect storm's pages all mark read).
  return groupCommit(db).run(async (trx) => {
    const [state] = await readPosition(trx, readerId, conversationId);
    if (!state) return { from: 0, to: 0, wrote: false };
    const to = Math.max(state.last_read_seq, state.last_seq);
    await readUpTo(trx, to, readerId, conversationId);
    return { from: state.last_read_seq, to, wrote: true };
  });
}

// A reconnect storm marks every member's group read at once (issue 49): built once.
const readPosition = compiledOnce((db, readerId, conversationId) =>
  db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .select(["uc.last_read_seq", "c.last_seq"])
    .where("uc.user_id", "=", readerId)
    .where("uc.conversation_id", "=", conversationId),
);

const readUpTo = compiledOnce((db, to, readerId, conversationId) =>
  db
    .updateTable("user_conversations")
    .set({ last_read_seq: to, is_at: 0, unread: 0 })
    .where("user_id", "=", readerId)
    .where("conversation_id", "=", conversationId),
);

/**
 * Who of a group's members had a message to read and who has read it: members (the sender
 * aside) who were in the group when it was sent, split by whether their read position
 * reaches it.
 */
export async function listReaders(
  db: Db,
  groupId: number,
  message: { seq: number; fromUser: number },
): Promise<{ read: number[]; unread: number[] }> {
  const rows = await db
    .selectFrom("group_members as gm")
    .innerJoin("user_conversations as uc", (join) =>
      join
        .onRef("uc.user_id", "=", "gm.user_id")
        .on("uc.conversation_id", "=", `group-${String(groupId)}`),
    )
    .select(["gm.user_id", "uc.last_read_seq"])
    .where("gm.group_id", "=", groupId)
    .where("gm.joined_seq", "<", message.seq)
    .where("gm.user_id", "!=", message.fromUser)
    .orderBy("gm.user_id")
    .execute();
  const read: number[] = [];
  const unread: number[] = [];
  for (const row of rows)
    (row.last_read_seq >= message.seq ? read : unread).push(row.user_id);
  return { read, unread };
}

/**
 * For each message of a group, how many members have read it and how many had it to read
 * (the sender aside, and members who joined later): one indexed count per message.
 */
export async function countReaders(
  db: Db,
  groupId: number,
  messages: readonly { seq: number; fromUser: number }[],
): Promise<Map<number, { read: number; total: number }>> {
  const counts = new Map<number, { read: number; total: number }>();
  if (messages.length === 0) return counts;
  const conversationId = `group-${String(groupId)}`;
  const rows = await Promise.all(
    messages.map((m) =>
      db
        .selectFrom("group_members as gm")
        .innerJoin("user_conversations as uc", (join) =>
          join
            .onRef("uc.user_id", "=", "gm.user_id")
            .on("uc.conversation_id", "=", conversationId),
        )
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn
            .sum<number | null>(
              eb
                .case()
                .when("uc.last_read_seq", ">=", m.seq)
                .then(1)
                .else(0)
                .end(),
            )
            .as("read"),
        ])
        .where("gm.group_id", "=", groupId)
        .where("gm.joined_seq", "<", m.seq)
        .where("gm.user_id", "!=", m.fromUser)
        .executeTakeFirstOrThrow()
        .then((row) => [m.seq, row] as const),
    ),
  );
  for (const [seq, row] of rows)
    counts.set(seq, { read: row.read ?? 0, total: row.total });
  return counts;
}

/**
 * The group messages mentioning a member (by id, or everyone) with sequence numbers in
 * (from, to] — what they had not read — newest first, at most `limit`, with the total. Both
 * queries are ranges of the mentions index (group, member, seq): the cost follows the
 * mentions, never the unread messages. The member's own messages are left out.
 */
export async function listUnreadMentions(
  db: Db,
  userId: number,
  conversationId: string,
  range: { from: number; to: number; limit: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  if (range.to <= range.from) return { rows: [], total: 0 };
  const args = [conversationId, userId, range.from, range.to, userId] as const;
  // A message names everyone (0) or members, never both (storeGroupMessage): no repeats.
  // Counted first: most pages have none, and the list's sort costs 35 µs even when empty.
  const [counted] = await countMentions(db, ...args);
  const total = counted?.n ?? 0;
  if (total === 0) return { rows: [], total };
  const rows = await listMentions(db, ...args, range.limit);
  return { rows, total };
}

/** My unread mentions (or everyone's) in a group's (from, to], not of my own messages. */
function mentionsOf(
  db: Db,
  conversationId: never,
  userId: never,
  from: never,
  to: never,
  notFrom: never,
) {
  return db
    .selectFrom("message_mentions as mm")
    .innerJoin("messages as m", "m.msg_id", "mm.msg_id")
    .where("mm.conversation_id", "=", conversationId)
    .where((eb) =>
      eb.or([eb("mm.user_id", "=", userId), eb("mm.user_id", "=", 0)]),
    )
    .where("mm.seq", ">", from)
    .where("mm.seq", "<=", to)
    .where("m.from_user", "!=", notFrom);
}

const countMentions = compiledOnce(
  (db, conversationId, userId, from, to, notFrom) =>
    mentionsOf(db, conversationId, userId, from, to, notFrom).select((eb) =>
      eb.fn.countAll<number>().as("n"),
    ),
);

const listMentions = compiledOnce(
  (db, conversationId, userId, from, to, notFrom, limit) =>
    mentionsOf(db, conversationId, userId, from, to, notFrom)
      .selectAll("m")
      .orderBy("mm.seq", "desc")
      .limit(limit),
);

/** The distinct senders of a group's messages with sequence numbers in (from, to]. */
export async function listSendersBetween(
  db: Db,
  conversationId: string,
  from: number,
  to: number,
): Promise<number[]> {
  if (to <= from) return [];
  const rows = await sendersBetween(db, conversationId, from, to);
  return rows.map((row) => row.from_user);
}

const sendersBetween = compiledOnce((db, conversationId, from, to) =>
  db
    .selectFrom("messages")
    .select("from_user")
    .distinct()
    .where("conversation_id", "=", conversationId)
    .where("seq", ">", from)
    .where("seq", "<=", to),
);
