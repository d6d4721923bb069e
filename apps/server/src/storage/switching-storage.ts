import type { Readable } from "node:stream";
import { S3Storage } from "./s3-storage.js";
import type { ByteRange, Storage } from "./storage.js";

/** Where files go, as an administrator chose it (the `storage` config row). */
export interface StorageChoice {
  disk: "local" | "s3";
  /** The S3 API address; "" for AWS itself. */
  endpoint: string;
  region: string;
  /** "" when no bucket was ever set up. */
  bucket: string;
  accessKey: string;
  secretKey: string;
  pathStyle: "0" | "1";
}

/** The S3 client settings of a choice. */
export function bucketOf(choice: StorageChoice): S3Storage {
  return new S3Storage({
    endpoint: choice.endpoint || undefined,
    region: choice.region,
    bucket: choice.bucket,
    accessKeyId: choice.accessKey,
    secretAccessKey: choice.secretKey,
    forcePathStyle: choice.pathStyle === "1",
  });
}

/**
 * The storage an administrator chose, followed live: new files go to the disk in use (the
 * local folder or the bucket); a file is read from there first and then from the other one,
 * so files kept before a switch are still served and removed. The choice is read at each
 * operation, so a switch saved on one process applies on every process at once.
 */
export class SwitchingStorage implements Storage {
  private bucket: { key: string; storage: S3Storage } | undefined;

  constructor(
    private readonly local: Storage,
    private readonly choice: () => Promise<StorageChoice>,
  ) {}

  /** The disk in use, and the other one when there is one. */
  private async disks(): Promise<{ active: Storage; other: Storage | null }> {
    const choice = await this.choice();
    const remote = choice.bucket === "" ? null : this.remote(choice);
    return choice.disk === "s3" && remote
      ? { active: remote, other: this.local }
      : { active: this.local, other: remote };
  }

  /** The bucket's client, made again when its settings changed. */
  private remote(choice: StorageChoice): S3Storage {
    const key = JSON.stringify([
      choice.endpoint,
      choice.region,
      choice.bucket,
      choice.accessKey,
      choice.secretKey,
      choice.pathStyle,
    ]);
    if (this.bucket?.key !== key) {
      this.bucket?.storage.destroy();
      this.bucket = { key, storage: bucketOf(choice) };
    }
    return this.bucket.storage;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await (await this.disks()).active.put(key, body);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    await (await this.disks()).active.putFile(key, file, contentType);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const { active, other } = await this.disks();
    return (
      (await active.stream(key, range)) ??
      (other ? await quietly(() => other.stream(key, range)) : null)
    );
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    const { active, other } = await this.disks();
    return (
      (await active.read(key, maxBytes)) ??
      (other ? await quietly(() => other.read(key, maxBytes)) : null)
    );
  }

  async remove(key: string): Promise<void> {
    const { active, other } = await this.disks();
    await active.remove(key);
    if (other) await quietly(() => other.remove(key));
  }

  close(): void {
    this.bucket?.storage.destroy();
    this.bucket = undefined;
  }
}

/** The other disk is a fallback: when it cannot be reached, the file is simply not there. */
async function quietly<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}
