import type { Readable } from "node:stream";

/** A part of a stored file, both ends included (an HTTP byte range). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Where files live (avatars, group avatars, chat files): keys like
 * `avatar/group_5/<hash>.png` or `blob/ab/<hash>-<id>`. Local disk by default
 * (`LocalStorage`), or an S3-compatible object store (`S3Storage`). Avatars are public at
 * `/storage/<key>`; chat files are served only through the files feature's access check.
 */
export interface Storage {
  /** Writes a file, replacing one of the same key. */
  put(key: string, body: Buffer): Promise<void>;
  /** Stores a local file's bytes under a key, streamed (never read whole into memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A stored file's bytes as a stream, or only `range` of them; null when it is missing. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** A file's bytes; null when it is missing, not a file, or larger than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  /** Deletes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * The folder of a bucket the nightly archive writes to (`ARCHIVE_DIR=s3`, issue 47): never
 * served, and left out of the archives themselves.
 */
export const ARCHIVE_FOLDER = "archive";

/** The path public stored files (avatars) are served under. */
export const STORAGE_PREFIX = "/storage/";

/**
 * The key folders served to anyone at `/storage/`: pictures of people, groups, the logo,
 * articles, and link previews' pictures (re-encoded copies of public pages' pictures).
 */
export const PUBLIC_FOLDERS = ["avatar", "logo", "article", "preview"] as const;

/** Whether a key may be served to anyone (an avatar, the logo), not only through an access check. */
export function isPublicKey(key: string): boolean {
  return (
    isStorageKey(key) &&
    PUBLIC_FOLDERS.some((folder) => key.startsWith(`${folder}/`))
  );
}

// One folder or file name: no dot first (no `..`, no hidden files), no separators.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** Whether a key is one the server could have made: plain names, no way out of the root. */
export function isStorageKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length <= 8 && parts.every((part) => SEGMENT.test(part));
}

/** The stored `src` of a key, as a row's avatar column holds it (`/storage/<key>`). */
export function storageSrc(key: string): string {
  return `${STORAGE_PREFIX}${key}`;
}

/**
 * The key of a stored `src`, or null when it names no stored file: the default picture, an
 * address elsewhere (never fetched: the server makes no requests a user can aim), or a
 * malformed path.
 */
export function storageKeyOf(src: string): string | null {
  // Existing clients' addresses may carry a doubled slash (wire-contract.md §2.3).
  const path = src.replace(/^\/+/, "/");
  if (!path.startsWith(STORAGE_PREFIX)) return null;
  const key = path.slice(STORAGE_PREFIX.length);
  return isStorageKey(key) ? key : null;
}
