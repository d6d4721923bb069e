import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 43 (extensions.md §5): each linked address fetched at most once
 * a day, whoever sends it: when it was fetched, how it went ("pending" while one process
 * fetches it, "done" with the preview, "failed"), and the preview as JSON.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("link_previews")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("fetched_at", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("preview", "text")
    .execute();
}
