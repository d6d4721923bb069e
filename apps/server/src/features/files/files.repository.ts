import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { containing } from "../../db/like.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.js";
import { bindRepository } from "../../db/repository.js";

/** A blob as stored: where its bytes are and what they are. */
export interface BlobFacts {
  readonly storageKey: string;
  readonly size: number;
  readonly mime: string;
  readonly width: number | null;
  readonly height: number | null;
}

/** A file as served: its blob and its name. */
export interface StoredFile extends BlobFacts {
  /** A small JPEG of an image, once made (null before, and for everything else). */
  readonly thumbKey: string | null;
  readonly fileId: number;
  readonly userId: number;
  readonly name: string;
  readonly ext: string;
  readonly cate: number;
}

/** Another upload stored the same new bytes at the same moment; trying again finds its blob. */
export class BlobRace extends Error {
  constructor() {
    super("the same bytes were stored at the same time");
  }
}

/** The blob holding these bytes, if they are stored already. */
export async function findBlob(db: Db, digest: string) {
  return db
    .selectFrom("blobs")
    .select(["blob_id", "storage_key", "mime", "width", "height"])
    .where("digest", "=", digest)
    .executeTakeFirst();
}

/**
 * A file row for an upload: on the blob of the same bytes when one is stored, else on a
 * new blob whose bytes the caller has written under `facts.storageKey`. Answers the file id
 * and whether the blob is new. Two uploads of the same new bytes at once: the second insert
 * meets the unique SHA-256 and throws BlobRace (its copy is the caller's to remove; a retry
 * finds the first one's blob).
 */
export async function addFile(
  db: Db,
  file: {
    userId: number;
    name: string;
    ext: string;
    cate: number;
    digest: string;
    createdAt: number;
  },
  facts: BlobFacts,
): Promise<{ fileId: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    let created = false;
    let blob = await trx
      .selectFrom("blobs")
      .select("blob_id")
      .where("digest", "=", file.digest)
      .executeTakeFirst();
    if (!blob) {
      try {
        blob = await trx
          .insertInto("blobs")
          .values({
            digest: file.digest,
            storage_key: facts.storageKey,
            size: facts.size,
            mime: facts.mime,
            width: facts.width,
            height: facts.height,
            thumb_key: null,
            created_at: file.createdAt,
          })
          .returning("blob_id")
          .executeTakeFirstOrThrow();
        created = true;
      } catch (error) {
        if (isUniqueViolation(error)) throw new BlobRace();
        throw error;
      }
    }
    const row = await trx
      .insertInto("files")
      .values({
        user_id: file.userId,
        blob_id: blob.blob_id,
        name: file.name,
        ext: file.ext,
        cate: file.cate,
        created_at: file.createdAt,
      })
      .returning("file_id")
      .executeTakeFirstOrThrow();
    return { fileId: row.file_id, created };
  });
}

/** A file with its blob, or undefined. */
export async function findFile(
  db: Db,
  fileId: number,
): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom("files as f")
    .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
    .select([
      "f.file_id",
      "f.user_id",
      "f.name",
      "f.ext",
      "f.cate",
      "b.storage_key",
      "b.size",
      "b.mime",
      "b.width",
      "b.height",
      "b.thumb_key",
    ])
    .where("f.file_id", "=", fileId)
    .executeTakeFirst();
  return row
    ? {
        fileId: row.file_id,
        userId: row.user_id,
        name: row.name,
        ext: row.ext,
        cate: row.cate,
        storageKey: row.storage_key,
        size: row.size,
        mime: row.mime,
        width: row.width,
        height: row.height,
        thumbKey: row.thumb_key,
      }
    : undefined;
}

/**
 * Records a blob's thumbnail; false when the blob is gone or has one already (the caller
 * then removes the copy it made).
 */
export async function setThumb(
  db: Db,
  storageKey: string,
  thumbKey: string,
): Promise<boolean> {
  const result = await db
    .updateTable("blobs")
    .set({ thumb_key: thumbKey })
    .where("storage_key", "=", storageKey)
    .where("thumb_key", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The messages carrying a file that `viewer` is party to, in one query: 1:1 messages they
 * sent or received, and messages of open groups they are in now, with their join position
 * and the group's settings (the caller applies the history rule). Withdrawn messages do
 * not count. 1:1 first; at most `limit` rows.
 */
export async function fileCarriers(
  db: Db,
  fileId: number,
  viewer: number,
  limit: number,
) {
  return db
    .selectFrom("messages as m")
    .leftJoin("group_members as gm", (join) =>
      join
        .onRef("gm.group_id", "=", "m.to_user")
        .on("m.is_group", "=", 1)
        .on("gm.user_id", "=", viewer),
    )
    .leftJoin("groups as g", (join) =>
      join
        .onRef("g.group_id", "=", "gm.group_id")
        // A disbanded group's former members still open its history's files (issue 51).
        .on((eb) =>
          eb.or([eb("g.status", "=", 1), eb("g.deleted_at", "is not", null)]),
        ),
    )
    .select(["m.is_group", "m.seq", "gm.joined_seq", "g.setting"])
    .where("m.file_id", "=", fileId)
    .where("m.is_undo", "=", 0)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("m.is_group", "=", 0),
          eb.or([eb("m.from_user", "=", viewer), eb("m.to_user", "=", viewer)]),
        ]),
        eb.and([eb("m.is_group", "=", 1), eb("g.group_id", "is not", null)]),
      ]),
    )
    .orderBy("m.is_group")
    .limit(limit)
    .execute();
}

/**
 * Deletes the files no message carries any more, then the blobs no file points at;
 * answers the storage keys of the blobs deleted, whose bytes the caller removes after the
 * commit. What something still uses is kept (on PostgreSQL a concurrent send holding one
 * makes the delete fail on its foreign key: everything is then kept).
 */
export async function releaseFiles(
  db: Db,
  fileIds: readonly number[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  try {
    return await db.transaction().execute(async (trx) => {
      const freed = await trx
        .deleteFrom("files")
        .where("file_id", "in", fileIds)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("messages")
                .select("msg_id")
                .whereRef("messages.file_id", "=", "files.file_id"),
            ),
          ),
        )
        .returning("blob_id")
        .execute();
      const blobIds = [...new Set(freed.map((f) => f.blob_id))];
      if (blobIds.length === 0) return [];
      const blobs = await trx
        .deleteFrom("blobs")
        .where("blob_id", "in", blobIds)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("files")
                .select("file_id")
                .whereRef("files.blob_id", "=", "blobs.blob_id"),
            ),
          ),
        )
        .returning(["storage_key", "thumb_key"])
        .execute();
      return blobs.flatMap((b) =>
        b.thumb_key ? [b.storage_key, b.thumb_key] : [b.storage_key],
      );
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return [];
    throw error;
  }
}

/** What the library asks for: whose files, which of them, which page. */
export interface LibraryQuery {
  readonly viewer: number;
  /** 0 sent and received, 1 sent by me, 2 received. */
  readonly role: 0 | 1 | 2;
  /** 0 every category. */
  readonly cate: number;
  /** Lower-case words the name contains ("" for any). */
  readonly keywords: string;
  readonly limit: number;
  readonly offset: number;
}

/**
 * The file library (wire-contract.md §2.7, is_all 0): the files of my one-to-one messages
 * (not voice clips, not withdrawn), newest first, with the sender; and how many in all.
 * A file that several of my messages carry (forwarded, sent again) is listed once, by its
 * newest message (issue 51 item 18). Each side of the OR reads one partial index of file
 * messages (sent, received).
 */
export async function listLibrary(db: Db, query: LibraryQuery) {
  const newestPerFile = db
    .selectFrom("messages as m")
    .innerJoin("files as f", "f.file_id", "m.file_id")
    .where("m.file_id", "is not", null)
    .where("m.is_group", "=", 0)
    .where("m.is_undo", "=", 0)
    .where("m.type", "!=", "voice")
    .where((eb) => {
      const sent = eb("m.from_user", "=", query.viewer);
      const received = eb("m.to_user", "=", query.viewer);
      if (query.role === 1) return sent;
      if (query.role === 2) return received;
      return eb.or([sent, received]);
    })
    .$if(query.cate > 0, (q) => q.where("f.cate", "=", query.cate))
    .$if(query.keywords !== "", (q) =>
      q.where(
        sql<boolean>`lower(f.name) like ${containing(query.keywords)} escape '\\'`,
      ),
    )
    .select((eb) => eb.fn.max("m.msg_id").as("msg_id"))
    .groupBy("m.file_id");
  const [rows, total] = await Promise.all([
    db
      .selectFrom("messages as m")
      .innerJoin("files as f", "f.file_id", "m.file_id")
      .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
      .innerJoin("users as u", "u.user_id", "m.from_user")
      .where("m.msg_id", "in", newestPerFile)
      .select([
        "m.msg_id",
        "m.file_id",
        "m.type",
        "m.from_user",
        "m.created_at",
        "f.name",
        "f.ext",
        "f.cate",
        "b.size",
        "b.mime",
        "b.width",
        "u.realname",
        "u.avatar",
      ])
      .orderBy("m.msg_id", "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom(newestPerFile.as("newest"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** The most files a count of the console's list looks at: past it, "10,000+". */
export const ALL_FILES_COUNT_CAP = 10_000;

/**
 * Every stored upload, newest first, for the console (is_all 1): by category (index
 * files_cate) and words of the name; each with its uploader, its newest carrying message's
 * type and how many messages carry it (both by index, for the page's rows only). The
 * count stops at ALL_FILES_COUNT_CAP + 1.
 */
export async function listAllFiles(
  db: Db,
  query: { cate: number; keywords: string; limit: number; offset: number },
) {
  const base = db
    .selectFrom("files as f")
    .$if(query.cate > 0, (q) => q.where("f.cate", "=", query.cate))
    .$if(query.keywords !== "", (q) =>
      q.where(
        sql<boolean>`lower(f.name) like ${containing(query.keywords)} escape '\\'`,
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
      .leftJoin("users as u", "u.user_id", "f.user_id")
      .select([
        "f.file_id",
        "f.user_id",
        "f.name",
        "f.ext",
        "f.cate",
        "f.created_at",
        "b.size",
        "b.mime",
        "b.width",
      ])
      .select((eb) => [
        eb.fn.coalesce("u.realname", eb.val("")).as("realname"),
        eb.fn.coalesce("u.avatar", eb.val("")).as("avatar"),
        eb
          .selectFrom("messages as m")
          .select("m.type")
          .whereRef("m.file_id", "=", "f.file_id")
          .orderBy("m.msg_id", "desc")
          .limit(1)
          .as("msg_type"),
        eb
          .selectFrom("messages as m")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("m.file_id", "=", "f.file_id")
          .as("carriers"),
      ])
      .orderBy("f.file_id", "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom(
        base
          .select("f.file_id")
          .limit(ALL_FILES_COUNT_CAP + 1)
          .as("capped"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export const filesRepository = (db: Db) =>
  bindRepository(db, {
    listLibrary,
    listAllFiles,
    findBlob,
    addFile,
    findFile,
    setThumb,
    fileCarriers,
    releaseFiles,
  });

export type FilesRepository = ReturnType<typeof filesRepository>;
