import { groupConversationId } from "../../db/conversation-ids.js";
import type { Db } from "../../db/database.js";
import { forgetInThreads } from "./message-store.repository.js";

/*
 * A group's chat as the groups feature changes it: the conversation, each member's view of
 * it and its messages belong to messages, which alone writes them. Each function runs in
 * the transaction it is given (the group's own change), so a group and its chat never
 * disagree.
 */

/** The distinct files that deleted messages carried (the files feature frees the unused). */
function fileIdsOf(rows: ReadonlyArray<{ file_id: number | null }>): number[] {
  return [
    ...new Set(
      rows.flatMap((row) => (row.file_id === null ? [] : [row.file_id])),
    ),
  ];
}

/** A new group's chat, and each first member's view of it. */
export async function openGroupChat(
  trx: Db,
  groupId: number,
  memberIds: readonly number[],
  now: number,
): Promise<void> {
  const conversationId = groupConversationId(groupId);
  await trx
    .insertInto("conversations")
    .values({ conversation_id: conversationId, is_group: 1, created_at: now })
    .execute();
  await trx
    .insertInto("user_conversations")
    .values(
      memberIds.map((userId) => ({
        user_id: userId,
        conversation_id: conversationId,
        peer_id: conversationId,
        is_group: 1,
        last_send_time: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * New members' view of a group's chat, each reading the history from where it stands now
 * (a view left from before is moved there). Answers that point, the chat's last seq.
 */
export async function joinGroupChat(
  trx: Db,
  groupId: number,
  userIds: readonly number[],
  now: number,
): Promise<number> {
  const conversationId = groupConversationId(groupId);
  const conversation = await trx
    .selectFrom("conversations")
    .select("last_seq")
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  const seq = conversation?.last_seq ?? 0;
  if (userIds.length === 0) return seq;
  await trx
    .insertInto("user_conversations")
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        conversation_id: conversationId,
        peer_id: conversationId,
        is_group: 1,
        last_read_seq: seq,
        last_send_time: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["user_id", "conversation_id"]).doUpdateSet({
        last_read_seq: seq,
        updated_at: now,
      }),
    )
    .execute();
  return seq;
}

/** A member's view of a group's chat, gone with them. */
export async function leaveGroupChat(
  trx: Db,
  groupId: number,
  userId: number,
): Promise<void> {
  await trx
    .deleteFrom("user_conversations")
    .where("conversation_id", "=", groupConversationId(groupId))
    .where("user_id", "=", userId)
    .execute();
}

/**
 * A disbanded group's chat once its last former member is gone: every view of it, its last
 * line and its messages. Answers the files the messages carried.
 */
export async function closeGroupChat(
  trx: Db,
  groupId: number,
): Promise<number[]> {
  const conversationId = groupConversationId(groupId);
  await trx
    .deleteFrom("user_conversations")
    .where("conversation_id", "=", conversationId)
    .execute();
  await trx
    .updateTable("conversations")
    .set({ last_msg_id: null })
    .where("conversation_id", "=", conversationId)
    .execute();
  return fileIdsOf(
    await trx
      .deleteFrom("messages")
      .where("conversation_id", "=", conversationId)
      .returning("file_id")
      .execute(),
  );
}

/** What the groups feature may do to a group's chat, inside its own transactions. */
export const groupChatRecords = {
  openGroupChat,
  joinGroupChat,
  leaveGroupChat,
  closeGroupChat,
};
/** The port the groups repository is given (app.ts wires it). */
export type GroupChatRecords = typeof groupChatRecords;

/** How many messages one transaction of a group's clearing deletes. */
export const CLEAR_BATCH_ROWS = 2000;

/**
 * Deletes every message a group had when the clearing began. First, in one short
 * transaction, each member's read position moves to the end (no unread or mention is left
 * pointing at a deleted message) and the chat's last line goes; then the messages go in
 * transactions of `batchRows`, so a large group (each deletion also leaves the search index)
 * never holds the database's write lock for long and other chats' sends go on in between.
 * Messages sent meanwhile come after the clearing's last one and stay. Answers the files
 * the deleted messages carried.
 */
export async function clearGroupMessages(
  db: Db,
  groupId: number,
  batchRows = CLEAR_BATCH_ROWS,
): Promise<number[]> {
  const conversationId = groupConversationId(groupId);
  const upTo = await db.transaction().execute(async (trx) => {
    const conversation = await trx
      .updateTable("conversations")
      .set({ last_msg_id: null })
      .where("conversation_id", "=", conversationId)
      .returning("last_seq")
      .executeTakeFirst();
    const last = conversation?.last_seq ?? 0;
    await trx
      .updateTable("user_conversations")
      .set({ last_read_seq: last, is_at: 0, unread: 0 })
      .where("conversation_id", "=", conversationId)
      .execute();
    return last;
  });
  const files: number[] = [];
  for (;;) {
    const deleted = await db
      .deleteFrom("messages")
      .where("msg_id", "in", (eb) =>
        eb
          .selectFrom("messages")
          .select("msg_id")
          .where("conversation_id", "=", conversationId)
          .where("seq", "<=", upTo)
          .orderBy("seq")
          .limit(batchRows),
      )
      .returning(["file_id", "msg_id"])
      .execute();
    // Replies sent since the clearing began keep their chat, as plain messages.
    await forgetInThreads(
      db,
      deleted.map((row) => row.msg_id),
    );
    files.push(...fileIdsOf(deleted));
    if (deleted.length < batchRows) return [...new Set(files)];
  }
}
