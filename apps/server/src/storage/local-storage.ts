import { randomBytes } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { type ByteRange, isStorageKey, type Storage } from "./storage.js";

/** Files on the local disk, under one root folder (`DATA_DIR/storage` by default). */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  /** The file of a key; throws for a key that could leave the root. */
  private fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!isStorageKey(key) || !file.startsWith(this.root + path.sep))
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      // A second name for the same bytes when the source is on this disk (an upload's
      // spooled file is, and is never written again): no copy. Elsewhere, a copy.
      await fs.link(source, partial).catch(() => fs.copyFile(source, partial));
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!isStorageKey(key)) return null;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(key), "r");
    } catch {
      return null;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return createReadStream("", {
      fd: handle,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    if (!isStorageKey(key)) return null;
    let handle: fs.FileHandle | undefined;
    try {
      handle = await fs.open(this.fileOf(key), "r");
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > maxBytes) return null;
      // Read by the size found, so a file growing meanwhile is never read past the limit.
      const buffer = Buffer.alloc(stat.size);
      const { bytesRead } = await handle.read(buffer, 0, stat.size, 0);
      return buffer.subarray(0, bytesRead);
    } catch {
      return null;
    } finally {
      await handle?.close();
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}
