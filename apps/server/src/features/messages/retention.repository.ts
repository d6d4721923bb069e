import type { Db } from "../../db/database.js";
import { forgetInThreads, scrubQuotes } from "./message-store.repository.js";

/*
 * Message retention (SPEC console chat settings, `msgClearDay`): the scheduler's
 * messageRetention task calls it a batch at a time through the messages feature.
 */

/**
 * Deletes up to `batch` messages sent before `cutoff` (ms), oldest first, in one
 * transaction: the replies quoting them lose the quoted text, chats whose last message
 * went show none. Answers how many went and the files they carried.
 */
export function deleteMessagesBefore(
  db: Db,
  cutoff: number,
  batch: number,
): Promise<{ count: number; fileIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom("messages")
      .select(["msg_id", "file_id"])
      .where("created_at", "<", cutoff)
      .orderBy("created_at")
      .limit(batch)
      .execute();
    if (old.length === 0) return { count: 0, fileIds: [] };
    const ids = old.map((row) => row.msg_id);
    await scrubQuotes(trx, ids, cutoff);
    await forgetInThreads(trx, ids);
    await trx.deleteFrom("messages").where("msg_id", "in", ids).execute();
    await trx
      .updateTable("conversations")
      .set({ last_msg_id: null })
      .where("last_msg_id", "in", ids)
      .execute();
    return {
      count: ids.length,
      fileIds: [
        ...new Set(
          old.flatMap((row) => (row.file_id === null ? [] : [row.file_id])),
        ),
      ],
    };
  });
}
