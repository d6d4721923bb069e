import { sql } from "kysely";
import { type AnyDb, isPostgres, serialKey } from "./dialect.js";

/*
 * Frozen once landed. Issue 10: files in chat. The bytes of a file are a blob, stored once
 * however often they are sent (content-addressed by SHA-256); each upload is a file row
 * (its name, its uploader) pointing at a blob; messages point at file rows. The empty
 * `files` table of 0001 (nothing ever wrote it) is replaced by this shape. A blob row is
 * deleted only when no file row points at it, and a file row only when no message does:
 * on PostgreSQL foreign keys guard that against concurrent sends; SQLite writes one at a
 * time.
 */

export async function up(db: AnyDb): Promise<void> {
  const key = serialKey(db);
  await db.schema.dropTable("files").execute();

  await db.schema
    .createTable("blobs")
    .addColumn("blob_id", key.type, key.build)
    .addColumn("sha256", "char(64)", (c) => c.notNull().unique())
    // A new key each time a blob is stored, so removing a freed one never hits a new one.
    .addColumn("storage_key", "varchar(255)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    // What the bytes are, sniffed by the server; "" when nothing recognisable.
    .addColumn("mime", "varchar(127)", (c) => c.notNull().defaultTo(""))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    // A small JPEG of an image, for lists and bubbles.
    .addColumn("thumb_key", "varchar(255)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("files")
    .addColumn("file_id", key.type, key.build)
    .addColumn("user_id", "bigint", (c) =>
      c.notNull().references("users.user_id"),
    )
    .addColumn("blob_id", "bigint", (c) =>
      c.notNull().references("blobs.blob_id").onDelete("restrict"),
    )
    // As the uploader named it: shown and offered as the download's name, never a path.
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("ext", "varchar(16)", (c) => c.notNull().defaultTo(""))
    // 1 document, 2 image, 3 audio, 4 video, 5 other (SPEC §9).
    .addColumn("cate", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("files_blob")
    .on("files")
    .column("blob_id")
    .execute();
  await db.schema
    .createIndex("files_user")
    .on("files")
    .columns(["user_id", "created_at"])
    .execute();

  // The messages that carry a file: the access check and freeing look them up by file.
  await db.schema
    .createIndex("messages_file")
    .on("messages")
    .column("file_id")
    .where(sql.ref("file_id"), "is not", null)
    .execute();
  // The file library: my file messages, sent and received, newest first (by page).
  await db.schema
    .createIndex("messages_file_sent")
    .on("messages")
    .columns(["from_user", "msg_id"])
    .where(sql.ref("file_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("messages_file_received")
    .on("messages")
    .columns(["to_user", "msg_id"])
    .where(sql<boolean>`file_id is not null and is_group = 0`)
    .execute();
  if (isPostgres(db)) {
    await sql`ALTER TABLE messages ADD CONSTRAINT messages_file_fk
      FOREIGN KEY (file_id) REFERENCES files (file_id) ON DELETE RESTRICT`.execute(
      db,
    );
  }
}
