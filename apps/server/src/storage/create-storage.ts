import path from "node:path";
import type { Config } from "../config.js";
import { LocalStorage } from "./local-storage.js";
import { S3Storage } from "./s3-storage.js";
import type { Storage } from "./storage.js";

/** The storage the environment names: an S3 bucket when S3_BUCKET is set, else `DATA_DIR/storage`. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.join(config.DATA_DIR, "storage"));
}
