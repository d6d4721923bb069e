import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { Db } from "../src/db/database.js";
import { S3Storage } from "../src/storage/s3-storage.js";

/** s3rver's fixed credentials for signed requests. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** A real S3 protocol server on a loopback port with one empty bucket. */
export interface TestS3 {
  readonly storage: S3Storage;
  /** How to reach the bucket, as an administrator would type it. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** The console's storage settings that point an installation at this bucket. */
export function bucketSettings(s3: TestS3): Record<string, string> {
  return {
    disk: "s3",
    endpoint: s3.endpoint,
    region: "us-east-1",
    bucket: s3.bucket,
    accessKey: s3.accessKeyId,
    secretKey: s3.secretAccessKey,
    pathStyle: "1",
  };
}

/** Points an installation's database at the bucket, as a saved storage setting does. */
export async function storeInBucket(db: Db, s3: TestS3): Promise<void> {
  const value = JSON.stringify(bucketSettings(s3));
  await db
    .insertInto("config")
    .values({ name: "storage", value, updated_at: 0 })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value }))
    .execute();
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-"));
  const bucket = "parley-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const options = {
    endpoint,
    region: "us-east-1",
    bucket,
    forcePathStyle: true,
    ...CREDENTIALS,
  };
  const client = new S3Client({
    endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    storage: new S3Storage(options),
    endpoint,
    bucket,
    ...CREDENTIALS,
    keys: async () => {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket }),
      );
      return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
