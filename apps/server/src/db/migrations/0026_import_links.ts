import type { AnyDb } from "./dialect.js";

/*
 * Frozen once landed. Issue 47 (extensions.md §8): what an importer brought in, by the id
 * its source knows it by (`source` the importer, `kind` "user", "group"…), so a second run
 * adds nothing and an interrupted one resumes. Written in the transaction that stores the
 * record it points at.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("import_links")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("local_id", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("import_links_key", [
      "source",
      "kind",
      "external_id",
    ])
    .execute();
}
