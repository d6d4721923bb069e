import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import { bindRepository } from "../../db/repository.js";
import type { Database } from "../../db/schema.js";
import { findByMsgId, isHiddenFor } from "./messages.repository.js";
import { type MessageRow } from "./message-store.repository.js";
import { forgetInThreads, scrubQuotes } from "./message-store.repository.js";

type Trx = Transaction<Database>;

/** The stored text of a withdrawn message; the reader's prefix is added when shown. */
export const WITHDRAWN_CONTENT = "撤回了一条消息";

/** How many messages may share a client id before the lookup stops (ids are per sender). */
const CLIENT_ID_MATCHES = 20;

/**
 * The messages stored under a client id, the caller's own first: ids are unique per
 * sender only, so a group manager finds another member's message by it too.
 */
export function findAllByClientId(
  db: Db,
  clientMsgId: string,
  callerId: number,
): Promise<MessageRow[]> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("client_msg_id", "=", clientMsgId)
    .orderBy((eb) =>
      eb.case().when("from_user", "=", callerId).then(0).else(1).end(),
    )
    .orderBy("msg_id", "desc")
    .limit(CLIENT_ID_MATCHES)
    .execute();
}

/** How many messages carrying a file are read at a time. */
const FILE_CARRIERS_BATCH = 500;

/** Up to a batch of the messages carrying a file, newest first (index messages_file). */
export function findByFileId(db: Db, fileId: number): Promise<MessageRow[]> {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("msg_id", "desc")
    .limit(FILE_CARRIERS_BATCH)
    .execute();
}

/**
 * A group message's mentions go with its content: the rows, and the at-me mark of each
 * mentioned member who had not read it yet.
 */
async function dropMentions(trx: Trx, row: MessageRow): Promise<void> {
  if (row.is_group !== 1 || row.at === "") return;
  const mentioned = row.at.split(",").map(Number);
  let marks = trx
    .updateTable("user_conversations")
    .set((eb) => ({ is_at: eb("is_at", "-", 1) }))
    .where("conversation_id", "=", row.conversation_id)
    .where("last_read_seq", "<", row.seq)
    .where("is_at", ">", 0)
    .where("user_id", "!=", row.from_user);
  if (!mentioned.includes(0)) marks = marks.where("user_id", "in", mentioned);
  await marks.execute();
  await trx
    .deleteFrom("message_mentions")
    .where("msg_id", "=", row.msg_id)
    .execute();
}

/**
 * Withdraws a message in one transaction: it becomes an event line with no content, file
 * or mentions; its favourites go and the replies quoting it lose the quoted text. Answers
 * the stored line and whether it was the chat's last message, or undefined when another
 * request withdrew or deleted it first.
 */
export function withdraw(
  db: Db,
  row: MessageRow,
  line: Record<string, unknown>,
): Promise<{ row: MessageRow; isLast: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    // Its mentions as they are now: an edit may have added some since `row` was read.
    const current = await trx
      .selectFrom("messages")
      .select("at")
      .where("msg_id", "=", row.msg_id)
      .executeTakeFirst();
    const updated = await trx
      .updateTable("messages")
      .set({
        type: "event",
        is_undo: 1,
        at: "",
        content: WITHDRAWN_CONTENT,
        file_id: null,
        extends: JSON.stringify(line),
      })
      .where("msg_id", "=", row.msg_id)
      .where("is_undo", "=", 0)
      .where("type", "!=", "event")
      .returningAll()
      .executeTakeFirst();
    if (!updated || !current) return undefined;
    await dropMentions(trx, { ...row, at: current.at });
    // What it said before an edit goes with what it says (extensions.md §2).
    await trx
      .deleteFrom("message_edits")
      .where("msg_id", "=", row.msg_id)
      .execute();
    await trx
      .deleteFrom("favourites")
      .where("msg_id", "=", row.msg_id)
      .execute();
    await scrubQuotes(trx, [row.msg_id]);
    const conversation = await trx
      .selectFrom("conversations")
      .select("last_msg_id")
      .where("conversation_id", "=", row.conversation_id)
      .executeTakeFirst();
    return { row: updated, isLast: conversation?.last_msg_id === row.msg_id };
  });
}

/**
 * Masks a message for everyone in one transaction (the console's moderation): it becomes a
 * text with only `content`, no file or mentions; its favourites go and the replies quoting
 * it lose the quoted text. Answers the row after, or undefined when it is gone.
 */
export function mask(
  db: Db,
  row: MessageRow,
  content: string,
): Promise<MessageRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("messages")
      .set({
        type: "text",
        content,
        at: "",
        file_id: null,
        extends: JSON.stringify({ masked: 1 }),
        edit_time: 0,
      })
      .where("msg_id", "=", row.msg_id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return undefined;
    await dropMentions(trx, row);
    // Its earlier versions said what was masked too.
    await trx
      .deleteFrom("message_edits")
      .where("msg_id", "=", row.msg_id)
      .execute();
    await trx
      .deleteFrom("favourites")
      .where("msg_id", "=", row.msg_id)
      .execute();
    await scrubQuotes(trx, [row.msg_id]);
    return updated;
  });
}

/**
 * Deletes a message for everyone in one transaction: the row (its hides, mentions and
 * favourites go with it by their keys), the quoted text of replies, the receiver's unread
 * count when they had not read it, and the chat's last message moved to the newest left.
 * Answers whether it was the last message, or undefined when it was already gone.
 */
export function deleteMessage(
  db: Db,
  row: MessageRow,
): Promise<{ isLast: boolean } | undefined> {
  return db.transaction().execute((trx) => deleteIn(trx, row, true));
}

async function deleteIn(
  trx: Trx,
  row: MessageRow,
  /** Whether the receiver's unread count still holds it (not when they hid it first). */
  counted: boolean,
): Promise<{ isLast: boolean } | undefined> {
  await dropMentions(trx, row);
  await forgetInThreads(trx, [row.msg_id]);
  const deleted = await trx
    .deleteFrom("messages")
    .where("msg_id", "=", row.msg_id)
    .returning("msg_id")
    .executeTakeFirst();
  if (!deleted) return undefined;
  await scrubQuotes(trx, [row.msg_id]);
  if (row.is_group === 0 && counted) await forgetUnread(trx, row, row.to_user);
  const conversation = await trx
    .selectFrom("conversations")
    .select("last_msg_id")
    .where("conversation_id", "=", row.conversation_id)
    .executeTakeFirst();
  const isLast = conversation?.last_msg_id === row.msg_id;
  if (isLast) {
    const newest = await trx
      .selectFrom("messages")
      .select("msg_id")
      .where("conversation_id", "=", row.conversation_id)
      .orderBy("msg_id", "desc")
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable("conversations")
      .set({ last_msg_id: newest?.msg_id ?? null })
      .where("conversation_id", "=", row.conversation_id)
      .execute();
  }
  return { isLast };
}

/** A one-to-one message its receiver had not read yet no longer counts as unread for them. */
async function forgetUnread(
  trx: Trx,
  row: MessageRow,
  receiver: number,
): Promise<void> {
  await trx
    .updateTable("user_conversations")
    .set((eb) => ({ unread: eb("unread", "-", 1) }))
    .where("user_id", "=", receiver)
    .where("conversation_id", "=", row.conversation_id)
    .where("last_read_seq", "<", row.seq)
    .where("unread", ">", 0)
    .execute();
}

/**
 * Hides a message for one user. Answers "deleted" when, in a one-to-one chat, the other
 * side had hidden it too and the row went; "hidden" otherwise.
 */
export function hide(
  db: Db,
  row: MessageRow,
  userId: number,
  now: number,
): Promise<"hidden" | "deleted"> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("message_hides")
      .values({ msg_id: row.msg_id, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(["msg_id", "user_id"]).doNothing())
      .execute();
    if (row.is_group !== 0) return "hidden";
    if (row.to_user === userId) await forgetUnread(trx, row, userId);
    const other = row.from_user === userId ? row.to_user : row.from_user;
    const both = await trx
      .selectFrom("message_hides")
      .select("user_id")
      .where("msg_id", "=", row.msg_id)
      .where("user_id", "=", other)
      .executeTakeFirst();
    if (!both) return "hidden";
    await deleteIn(trx, row, false);
    return "deleted";
  });
}

/** Saves a message as a user's favourite (once); answers the favourite. */
export async function saveFavourite(
  db: Db,
  userId: number,
  msgId: number,
  now: number,
): Promise<{ favourite_id: number; created_at: number }> {
  await db
    .insertInto("favourites")
    .values({ user_id: userId, msg_id: msgId, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "msg_id"]).doNothing())
    .execute();
  return db
    .selectFrom("favourites")
    .select(["favourite_id", "created_at"])
    .where("user_id", "=", userId)
    .where("msg_id", "=", msgId)
    .executeTakeFirstOrThrow();
}

/** A user's favourites, newest first, by page (the user's index), with the total. */
export async function listFavourites(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{
  rows: Array<MessageRow & { favourite_id: number; saved_at: number }>;
  total: number;
}> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("favourites as f")
      .innerJoin("messages as m", "m.msg_id", "f.msg_id")
      .selectAll("m")
      .select(["f.favourite_id", "f.created_at as saved_at"])
      .where("f.user_id", "=", userId)
      .orderBy("f.favourite_id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("favourites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** Everyone's favourites (or one user's), newest first, with who saved them, for the console. */
export async function listAllFavourites(
  db: Db,
  userId: number | undefined,
  page: { limit: number; offset: number },
): Promise<{
  rows: Array<
    MessageRow & {
      favourite_id: number;
      saved_at: number;
      saver_id: number;
      saver_realname: string;
      saver_account: string;
      saver_avatar: string;
    }
  >;
  total: number;
}> {
  let rows = db
    .selectFrom("favourites as f")
    .innerJoin("messages as m", "m.msg_id", "f.msg_id")
    .innerJoin("users as u", "u.user_id", "f.user_id")
    .selectAll("m")
    .select([
      "f.favourite_id",
      "f.created_at as saved_at",
      "u.user_id as saver_id",
      "u.realname as saver_realname",
      "u.account as saver_account",
      "u.avatar as saver_avatar",
    ]);
  let count = db
    .selectFrom("favourites")
    .select((eb) => eb.fn.countAll<number>().as("n"));
  if (userId !== undefined) {
    rows = rows.where("f.user_id", "=", userId);
    count = count.where("user_id", "=", userId);
  }
  const [found, total] = await Promise.all([
    rows
      .orderBy("f.favourite_id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: total.n };
}

/** Removes any favourite (the console); answers the removed row, or undefined. */
export function deleteAnyFavourite(db: Db, favouriteId: number) {
  return db
    .deleteFrom("favourites")
    .where("favourite_id", "=", favouriteId)
    .returning(["favourite_id", "user_id", "msg_id"])
    .executeTakeFirst();
}

/** Removes one of a user's favourites; answers whether there was one. */
export async function deleteFavourite(
  db: Db,
  userId: number,
  favouriteId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom("favourites")
    .where("favourite_id", "=", favouriteId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A chat's own settings for one user: pinned, notified, the draft left in it. */
export type ChatSettings = Partial<{
  is_top: number;
  is_notice: number;
  draft: string;
}>;

/**
 * Sets a user's own settings of a chat, creating their view of it (and the conversation)
 * when they have never written in it: a chat can be pinned before its first message.
 */
export function setChatSettings(
  db: Db,
  chat: {
    userId: number;
    conversationId: string;
    peerId: string;
    isGroup: number;
  },
  settings: ChatSettings,
  now: number,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("conversations")
      .values({
        conversation_id: chat.conversationId,
        is_group: chat.isGroup,
        created_at: now,
      })
      .onConflict((oc) => oc.column("conversation_id").doNothing())
      .execute();
    await trx
      .insertInto("user_conversations")
      .values({
        user_id: chat.userId,
        conversation_id: chat.conversationId,
        peer_id: chat.peerId,
        is_group: chat.isGroup,
        updated_at: now,
        ...settings,
      })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "conversation_id"])
          .doUpdateSet({ ...settings, updated_at: now }),
      )
      .execute();
  });
}

/** The message, conversation-state and favourites tables as the actions use them. */
export function messageActionsRepository(db: Db) {
  return bindRepository(db, {
    mask,
    listAllFavourites,
    deleteAnyFavourite,
    findAllByClientId,
    findByFileId,
    findByMsgId,
    isHidden: isHiddenFor,
    withdraw,
    deleteMessage,
    hide,
    saveFavourite,
    listFavourites,
    deleteFavourite,
    setChatSettings,
  });
}
/** What the message actions hold of their tables. */
export type MessageActionsRepository = ReturnType<
  typeof messageActionsRepository
>;
