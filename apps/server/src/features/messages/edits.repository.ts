import type { MessageEdit } from "@parley/protocol";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import { isSqlite } from "../../db/dialect.js";
import { bindRepository } from "../../db/repository.js";
import type { Database } from "../../db/schema.js";
import { findAllByClientId } from "./message-actions.repository.js";
import { lockedMessage, type MessageRow } from "./message-store.repository.js";

type Trx = Transaction<Database>;

/** What an edit changes, decided on the message as the edit's transaction reads it. */
export interface EditPlan {
  content: string;
  /** The mentions it carries after the edit (a group's; "" elsewhere). */
  at: string;
  /** Who the edit mentions that it did not mention before (0: everyone), each counted once. */
  newlyMentioned: readonly number[];
  /** The edit's time, ms: later than the message's last edit. */
  now: number;
  /** Its `extends` after the edit, when the edit changes it (a link preview gone). */
  extends?: string;
}

/**
 * Stores an edit in one transaction, decided on the message as it is then (its row locked
 * on PostgreSQL; SQLite writes one transaction at a time), so two edits at once land one
 * after the other and each replaced version is kept: the new text and edit time, the
 * replaced version in the message's history, and the new mentions (a row each, and the
 * mark of each newly mentioned member who has not read the message yet). `plan` refuses
 * (throws) or answers null for an edit that changes nothing. Answers the message after,
 * and whether it changed; undefined when it is gone.
 */
async function storeEdit(
  db: Db,
  msgId: number,
  plan: (current: MessageRow) => EditPlan | null,
): Promise<{ row: MessageRow; changed: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedMessage(trx, isSqlite(db), msgId);
    if (!row) return undefined;
    const edit = plan(row);
    if (!edit) return { row, changed: false };
    const updated = await trx
      .updateTable("messages")
      .set({
        content: edit.content,
        at: edit.at,
        edit_time: edit.now,
        ...(edit.extends === undefined ? {} : { extends: edit.extends }),
      })
      .where("msg_id", "=", msgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("message_edits")
      .values({
        msg_id: msgId,
        user_id: row.from_user,
        content: row.content,
        edit_time: row.edit_time === 0 ? row.created_at : row.edit_time,
      })
      .execute();
    if (row.is_group === 1 && edit.newlyMentioned.length > 0)
      await addMentions(trx, row, edit.newlyMentioned);
    return { row: updated, changed: true };
  });
}

/**
 * New mentions of a group message: rows for `atMsgList`, and one more mark on the chat of
 * each newly mentioned member (not the sender) who has not read that far. A mention of
 * everyone replaces the members' rows with one (a message names everyone or members, never
 * both) and marks only those not mentioned before.
 */
async function addMentions(
  trx: Trx,
  row: MessageRow,
  mentioned: readonly number[],
): Promise<void> {
  const before = row.at === "" ? [] : row.at.split(",").map(Number);
  const everyone = mentioned.includes(0);
  if (everyone)
    await trx
      .deleteFrom("message_mentions")
      .where("msg_id", "=", row.msg_id)
      .execute();
  await trx
    .insertInto("message_mentions")
    .values(
      (everyone ? [0] : mentioned).map((userId) => ({
        msg_id: row.msg_id,
        conversation_id: row.conversation_id,
        user_id: userId,
        seq: row.seq,
      })),
    )
    .execute();
  let marks = trx
    .updateTable("user_conversations")
    .set((eb) => ({ is_at: eb("is_at", "+", 1) }))
    .where("conversation_id", "=", row.conversation_id)
    .where("last_read_seq", "<", row.seq)
    .where("user_id", "!=", row.from_user);
  marks = everyone
    ? before.length > 0
      ? marks.where("user_id", "not in", before)
      : marks
    : marks.where("user_id", "in", mentioned);
  await marks.execute();
}

/** A message's earlier versions, the original first. */
async function listEdits(db: Db, msgId: number): Promise<MessageEdit[]> {
  const rows = await db
    .selectFrom("message_edits")
    .select(["content", "edit_time", "user_id"])
    .where("msg_id", "=", msgId)
    .orderBy("edit_id")
    .execute();
  return rows.map((r) => ({
    content: r.content,
    editTime: r.edit_time,
    user_id: r.user_id,
  }));
}

/** Edits: the message's history table, and the message lookups they start from. */
export function editsRepository(db: Db) {
  return bindRepository(db, {
    storeEdit,
    listEdits,
    findAllByClientId,
  });
}

export type EditsRepository = ReturnType<typeof editsRepository>;
