import { type AnyDb, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 12: articles. Rich text written in the console (HTML, cleaned
 * before it is stored), a draft (0) or published (1); the excerpt is kept beside it so lists
 * never read bodies. The console lists newest first by state; readers, by when each was published.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema
    .createTable("articles")
    .addColumn("article_id", key.type, key.build)
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("excerpt", "varchar(200)", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("published_at", "bigint")
    .execute();
  await db.schema
    .createIndex("articles_status")
    .on("articles")
    .columns(["status", "article_id"])
    .execute();
  await db.schema
    .createIndex("articles_published")
    .on("articles")
    .columns(["status", "published_at"])
    .execute();
}
