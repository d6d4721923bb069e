import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Blake3Hasher } from "@napi-rs/blake-hash";
import {
  fileCategory,
  fileExtension,
  uploadMessageType,
} from "@parley/protocol";
import type { Db } from "../db/database.js";
import { addFile } from "../features/files/files.repository.js";
import {
  cleanFileName,
  fileExtends,
  inspect,
  kindOf,
  showsInline,
} from "../features/files/file-facts.js";
import { drawAvatar } from "../features/people/avatar-image.js";
import { type Storage, storageSrc } from "../storage/storage.js";
import type { Tally } from "./tally.js";

/** The largest picture read for an avatar. */
const AVATAR_SOURCE_MAX = 20 * 1024 * 1024;

/** A file stored for a message: what the message carries. */
export interface StoredAttachment {
  fileId: number;
  type: "image" | "voice" | "video" | "file";
  extends: Record<string, unknown>;
}

/**
 * A file from the source's folder, stored once per content like an upload: what a
 * message carrying it says. Null (counted) when the file is missing.
 */
export async function storeAttachment(
  db: Db,
  storage: Storage,
  tally: Tally,
  {
    userId,
    source,
    givenName,
    createdAt,
    requestedType,
  }: {
    userId: number;
    source: string;
    givenName: string;
    createdAt: number;
    requestedType: string;
  },
): Promise<StoredAttachment | null> {
  let size: number;
  try {
    const stat = await fs.promises.stat(source);
    if (!stat.isFile()) throw new Error("not a file");
    size = stat.size;
  } catch {
    tally.skipped("files", "missing from the files folder");
    return null;
  }
  const name = cleanFileName(givenName || path.basename(source));
  const ext = fileExtension(name);
  const digest = await blake3Of(source);
  const facts = await inspect(source);
  const cate = fileCategory(kindOf(facts.mime), ext);
  const type = showsInline(facts)
    ? uploadMessageType(facts.mime, requestedType)
    : "file";
  const carried = (fileId: number): StoredAttachment => ({
    fileId,
    type,
    extends: fileExtends(name, size, facts),
  });
  const again = await db
    .selectFrom("files as f")
    .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
    .select("f.file_id")
    .where("f.user_id", "=", userId)
    .where("f.name", "=", name)
    .where("f.created_at", "=", createdAt)
    .where("b.digest", "=", digest)
    .executeTakeFirst();
  if (again) {
    tally.skipped("files", "imported before");
    return carried(again.file_id);
  }
  const known = await db
    .selectFrom("blobs")
    .select("storage_key")
    .where("digest", "=", digest)
    .executeTakeFirst();
  const key =
    known?.storage_key ??
    `blob/${digest.slice(0, 2)}/${digest}-${randomBytes(6).toString("hex")}`;
  if (!known)
    await storage.putFile(
      key,
      source,
      facts.mime || "application/octet-stream",
    );
  const added = await addFile(
    db,
    { userId, name, ext, cate, digest, createdAt },
    {
      storageKey: key,
      size,
      mime: facts.mime,
      width: facts.width,
      height: facts.height,
    },
  );
  tally.stored("files");
  return carried(added.fileId);
}

/** A file's BLAKE3 content address, as uploads are addressed (migration 0018). */
async function blake3Of(file: string): Promise<string> {
  const hasher = new Blake3Hasher();
  for await (const chunk of fs.createReadStream(file))
    hasher.update(chunk as Buffer);
  return hasher.digest("hex");
}

/**
 * A user's or group's avatar from a picture in the source's folder, drawn as uploads
 * are (a JPEG, PNG or GIF by its bytes, as a square PNG); only while it has none.
 */
export async function storeAvatar(
  db: Db,
  storage: Storage,
  tally: Tally,
  owner: { userId: number } | { groupId: number },
  source: string,
): Promise<void> {
  const table = "userId" in owner ? "users" : "groups";
  const id = "userId" in owner ? owner.userId : owner.groupId;
  const current =
    "userId" in owner
      ? await db
          .selectFrom("users")
          .select("avatar")
          .where("user_id", "=", id)
          .executeTakeFirst()
      : await db
          .selectFrom("groups")
          .select("avatar")
          .where("group_id", "=", id)
          .executeTakeFirst();
  if (!current || current.avatar !== "") {
    tally.skipped("avatars", "imported before");
    return;
  }
  let bytes: Buffer;
  try {
    const stat = await fs.promises.stat(source);
    if (!stat.isFile() || stat.size > AVATAR_SOURCE_MAX)
      throw new Error("not a file");
    bytes = await fs.promises.readFile(source);
  } catch {
    tally.skipped("avatars", "missing from the files folder");
    return;
  }
  const folder = "userId" in owner ? `avatar/${id}/` : `avatar/group_${id}/`;
  let drawn: { key: string; png: Buffer };
  try {
    drawn = await drawAvatar(bytes, folder);
  } catch {
    tally.skipped("avatars", "not a JPEG, PNG or GIF picture");
    return;
  }
  await storage.put(drawn.key, drawn.png);
  const src = storageSrc(drawn.key);
  if (table === "users")
    await db
      .updateTable("users")
      .set({ avatar: src })
      .where("user_id", "=", id)
      .where("avatar", "=", "")
      .execute();
  else
    await db
      .updateTable("groups")
      .set({ avatar: src })
      .where("group_id", "=", id)
      .where("avatar", "=", "")
      .execute();
  tally.stored("avatars");
}
