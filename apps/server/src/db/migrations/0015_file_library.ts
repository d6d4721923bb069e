import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: the console's list of every stored file, newest first and
 * by category, reads an index rather than the table.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("files_cate")
    .on("files")
    .columns(["cate", "file_id"])
    .execute();
}
