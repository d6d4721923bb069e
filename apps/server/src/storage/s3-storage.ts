import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import { lazyRequire } from "../lib/lazy-require.js";
import { type ByteRange, isStorageKey, type Storage } from "./storage.js";

/** The AWS SDK, loaded when a bucket is first used: most installations keep files on disk. */
const sdk = lazyRequire<typeof S3>("@aws-sdk/client-s3");

/** Where the object store is and how to sign in to it (README: S3_* variables). */
export interface S3Options {
  readonly endpoint?: string | undefined;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), as MinIO and most self-hosted stores need. */
  readonly forcePathStyle: boolean;
}

/** How long the bucket check waits for an answer. */
const REACH_TIMEOUT_MS = 5000;

/** Whether an S3 error means the object is not there. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof sdk().NoSuchKey ||
    (error instanceof sdk().S3ServiceException &&
      (error.name === "NotFound" || error.$metadata.httpStatusCode === 404))
  );
}

/**
 * Files in an S3-compatible bucket. Objects are private: clients never get a bucket
 * address; every byte goes out through the server, after its access check.
 */
export class S3Storage implements Storage {
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new (sdk().S3Client)({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Plain bodies with a length: many S3-compatible stores do not take the SDK's
      // checksummed "aws-chunked" uploads and would store the chunk framing as content.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });
  }

  /** Whether the bucket answers with these settings (a few seconds at most). */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(
        new (sdk().HeadBucketCommand)({ Bucket: this.bucket }),
        {
          abortSignal: AbortSignal.timeout(REACH_TIMEOUT_MS),
        },
      );
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }

  private checked(key: string): string {
    if (!isStorageKey(key))
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.client.send(
      new (sdk().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: body,
        ContentLength: body.length,
      }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new (sdk().PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  /**
   * Every object a server could have stored (storage keys), with its size: the archive's;
   * only those under `prefix` when one is given.
   */
  async *objects(
    prefix?: string,
  ): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (sdk().ListObjectsV2Command)({
          Bucket: this.bucket,
          ContinuationToken: token,
          ...(prefix ? { Prefix: prefix } : {}),
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && isStorageKey(object.Key))
          yield { key: object.Key, size: object.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!isStorageKey(key)) return null;
    try {
      const answer = await this.client.send(
        new (sdk().GetObjectCommand)({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    const body = await this.stream(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      total += buffer.length;
      if (total > maxBytes) {
        body.destroy();
        return null;
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new (sdk().DeleteObjectCommand)({
        Bucket: this.bucket,
        Key: this.checked(key),
      }),
    );
  }
}
