/**
 * Where files live (uploads, avatars, group avatars): keys like `avatar/group_5/<hash>.png`,
 * addressed by clients at `/storage/<key>` (wire-contract.md §5.8). Local disk by default; an
 * object store would be one more implementation of this interface.
 */
export interface Storage {
  /** Writes a file, replacing one of the same key. */
  put(key: string, body: Buffer): Promise<void>;
  /** A file's bytes; null when it is missing, not a file, or larger than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  /** Deletes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** The path every stored file is served under. */
export const STORAGE_PREFIX = "/storage/";

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
