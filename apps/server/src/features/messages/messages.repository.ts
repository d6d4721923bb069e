import { compiledOnce } from "../../db/compiled-once.js";
import { type Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import { clearGroupMessages } from "./group-chats.repository.js";
import { deleteMessagesBefore } from "./retention.repository.js";
import {
  findByClientId,
  type MessageRow,
  updateCallRecord,
} from "./message-store.repository.js";
import {
  findsRetriesFirst,
  storeDirectMessage,
  storeGroupMessage,
} from "./send-batch.js";
import { pageAllMessages, pageMessages } from "./history.repository.js";
import { reactionsOf } from "./reactions.repository.js";
import { searchMessages } from "./search.repository.js";
import {
  firstMsgIdAt,
  listDirectChats,
  searchEverywhere,
} from "./global-search.repository.js";
import {
  countReaders,
  listReaders,
  listSendersBetween,
  listUnreadMentions,
  markGroupRead,
  markRead,
} from "./read-marks.repository.js";

/** One stored message of a conversation by its key, or undefined. */
export function findInConversation(
  db: Db,
  conversationId: string,
  msgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
}

/** A stored message by its key. */
export function findByMsgId(
  db: Db,
  msgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
}

/** Whether a reader hid a message for themselves. */
export async function isHiddenFor(
  db: Db,
  reader: number,
  msgId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("message_hides")
    .select("msg_id")
    .where("msg_id", "=", msgId)
    .where("user_id", "=", reader)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these messages a reader hid for themselves, in one read. */
export async function hiddenAmong(
  db: Db,
  reader: number,
  msgIds: readonly number[],
): Promise<Set<number>> {
  if (msgIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("message_hides")
    .select("msg_id")
    .where("user_id", "=", reader)
    .where("msg_id", "in", [...msgIds])
    .execute();
  return new Set(rows.map((row) => row.msg_id));
}

/** A user's conversation states, with each conversation's last message. */
const conversationStates = (db: Db, userId: never) =>
  db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .leftJoin("messages as m", "m.msg_id", "c.last_msg_id")
    .select([
      "uc.peer_id",
      "uc.is_group",
      "uc.is_top",
      "uc.is_notice",
      "uc.unread",
      "uc.is_at",
      "uc.draft",
      "c.last_send_time",
      "m.type as last_type",
      "m.content as last_content",
      "m.extends as last_extends",
      "m.is_undo as last_is_undo",
    ])
    .where("uc.user_id", "=", userId);
const allStates = compiledOnce((db, userId) => conversationStates(db, userId));
const oneState = compiledOnce((db, userId, peerId) =>
  conversationStates(db, userId).where("uc.peer_id", "=", peerId),
);

/**
 * A user's view of their conversations (on every contact list, so compiled once), or only
 * of the one with `peerId` (a user id, or `group-N`).
 */
export function listUserConversations(db: Db, userId: number, peerId?: string) {
  return peerId === undefined
    ? allStates(db, userId)
    : oneState(db, userId, peerId);
}

/** The users who list a one-to-one chat with this user (by index, no scan). */
export async function listChatPeers(db: Db, userId: number): Promise<number[]> {
  const rows = await chatPeersOf(db, String(userId), userId);
  return rows.map((row) => row.user_id);
}

// Asked at every socket's bind (who sees the user come online): built once (issue 49).
const chatPeersOf = compiledOnce((db, peerId, userId) =>
  db
    .selectFrom("user_conversations")
    .select("user_id")
    .where("peer_id", "=", peerId)
    .where("is_group", "=", 0)
    // Not the user themselves: their chat with themselves has them as its peer.
    .where("user_id", "!=", userId),
);

/**
 * Every pair of people with a one-to-one chat that holds messages, each pair once (the
 * lower id first): who becomes friends when the system moves to friend mode.
 */
export async function listChatPairs(db: Db): Promise<[number, number][]> {
  const rows = await db
    .selectFrom("user_conversations as uc")
    .innerJoin("conversations as c", "c.conversation_id", "uc.conversation_id")
    .select(["uc.user_id", "uc.peer_id"])
    .where("uc.is_group", "=", 0)
    .where("c.last_msg_id", "is not", null)
    .execute();
  const pairs = new Map<string, [number, number]>();
  for (const row of rows) {
    const peer = Number(row.peer_id);
    if (!Number.isInteger(peer) || peer <= 0 || peer === row.user_id) continue;
    const pair: [number, number] =
      row.user_id < peer ? [row.user_id, peer] : [peer, row.user_id];
    pairs.set(`${pair[0]}-${pair[1]}`, pair);
  }
  return [...pairs.values()];
}

/** One of a user's conversation states. */
export type ConversationState = Awaited<
  ReturnType<typeof listUserConversations>
>[number];

/** The messages, conversations and user_conversations tables, bound to a database. */
export function messagesRepository(db: Db) {
  return bindRepository(db, {
    clearGroupMessages,
    deleteMessagesBefore,
    pageAllMessages,
    reactionsOf,
    findByClientId,
    findsRetriesFirst,
    storeDirectMessage,
    updateCallRecord,
    storeGroupMessage,
    pageMessages,
    searchMessages,
    markRead,
    markGroupRead,
    listReaders,
    countReaders,
    listUnreadMentions,
    listSendersBetween,
    findInConversation,
    isHiddenFor,
    hiddenAmong,
    findByMsgId,
    listUserConversations,
    listChatPeers,
    listChatPairs,
    searchEverywhere,
    listDirectChats,
    firstMsgIdAt,
  });
}
/** What the messages service holds of its tables. */
export type MessagesRepository = ReturnType<typeof messagesRepository>;
