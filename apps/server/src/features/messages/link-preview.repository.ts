import type { Db } from "../../db/database.js";
import { isSqlite } from "../../db/dialect.js";
import { bindRepository } from "../../db/repository.js";
import { findAllByClientId } from "./message-actions.repository.js";
import { lockedMessage, type MessageRow } from "./message-store.repository.js";

/**
 * Changes a message's `extends` in one transaction, decided on the row as it is then (locked
 * on PostgreSQL): `change` answers the new `extends`, or null to leave it. Answers the row
 * after a change; undefined when nothing changed or the message is gone.
 */
async function setPreview(
  db: Db,
  msgId: number,
  change: (current: MessageRow) => Record<string, unknown> | null,
): Promise<MessageRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedMessage(trx, isSqlite(db), msgId);
    if (!row) return undefined;
    const next = change(row);
    if (!next) return undefined;
    return trx
      .updateTable("messages")
      .set({ extends: JSON.stringify(next) })
      .where("msg_id", "=", msgId)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Link previews on messages: their `extends`, and the lookup by client id. */
export function linkPreviewRepository(db: Db) {
  return bindRepository(db, { setPreview, findAllByClientId });
}

export type LinkPreviewRepository = ReturnType<typeof linkPreviewRepository>;
