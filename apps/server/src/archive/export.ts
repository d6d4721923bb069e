import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PRODUCT_VERSION } from "@parley/protocol";
import { sql } from "kysely";
import tar from "tar-stream";
import type { Db } from "../db/database.js";
import { isSqlite } from "../db/dialect.js";
import type { Config } from "../config.js";
import {
  readStorage,
  storageFromEnv,
} from "../features/system/delivery-settings.js";
import type { S3Storage } from "../storage/s3-storage.js";
import { ARCHIVE_FOLDER, isStorageKey } from "../storage/storage.js";
import { bucketOf } from "../storage/switching-storage.js";
import {
  ARCHIVE_FORMAT,
  type ArchiveHeader,
  type ArchiveManifest,
  chunkName,
  HEADER_NAME,
  MANIFEST_NAME,
} from "./format.js";
import { LineDigest, tableChunks } from "./rows.js";
import { archiveTables } from "./tables.js";

/** What an export did, for the closing table. */
export interface ExportReport {
  tables: Record<string, number>;
  files: number;
  bytes: number;
  filesElsewhere: string | null;
}

/** Every file under the storage folder, as storage keys (`a/b/c.png`). */
async function* storedFiles(root: string): AsyncGenerator<string> {
  if (!fs.existsSync(root)) return;
  const walk = async function* (dir: string): AsyncGenerator<string> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) {
        const key = path.relative(root, full).split(path.sep).join("/");
        if (isStorageKey(key) && !key.startsWith(`${ARCHIVE_FOLDER}/`))
          yield key;
      }
    }
  };
  yield* walk(root);
}

/**
 * The bucket files are kept in besides the disk, when one is set up: the console's
 * `storage` row, else the environment's (S3_*). Its files go into the archive too.
 */
export async function bucketOfInstallation(
  db: Db,
  config: Config,
): Promise<S3Storage | null> {
  const row = await db
    .selectFrom("config")
    .select("value")
    .where("name", "=", "storage")
    .executeTakeFirst();
  const choice = readStorage(row?.value, storageFromEnv(config)).row;
  return choice.bucket === "" ? null : bucketOf(choice);
}

/** Adds one entry and waits until the archive took it. */
function add(
  pack: tar.Pack,
  name: string,
  body: Buffer | string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, mtime: new Date(0) }, body, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Every stored file: the storage folder's, then the bucket's not on the disk too. */
async function* storedObjects(
  root: string,
  bucket: S3Storage | null,
): AsyncGenerator<{
  key: string;
  size: number;
  open: () => Promise<Readable | null>;
}> {
  const onDisk = new Set<string>();
  for await (const key of storedFiles(root)) {
    const full = path.join(root, ...key.split("/"));
    const { size } = await fs.promises.stat(full);
    onDisk.add(key);
    yield { key, size, open: () => Promise.resolve(fs.createReadStream(full)) };
  }
  if (!bucket) return;
  for await (const { key, size } of bucket.objects())
    if (!onDisk.has(key) && !key.startsWith(`${ARCHIVE_FOLDER}/`))
      yield { key, size, open: () => bucket.stream(key) };
}

/**
 * Writes the whole installation to `file` (extensions.md §8 `archive export`): every table
 * read inside one snapshot (a read transaction: SQLite's WAL or PostgreSQL's repeatable
 * read, so the server keeps running and writing), then every stored file, then the
 * manifest. Streamed: a table is read 2,000 rows at a time and a file piped, so memory
 * stays small whatever the size.
 */
export async function exportArchive(
  db: Db,
  storageRoot: string,
  file: string,
  log: (line: string) => void = () => undefined,
  /** The bucket files are kept in besides the disk (bucketOfInstallation), if any. */
  bucket: S3Storage | null = null,
): Promise<ExportReport> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file));
  const manifest: ArchiveManifest = {
    tables: {},
    files: {},
    filesElsewhere: null,
  };
  const report: ExportReport = {
    tables: {},
    files: 0,
    bytes: 0,
    filesElsewhere: null,
  };
  try {
    const snapshot = isSqlite(db)
      ? db.transaction()
      : db.transaction().setIsolationLevel("repeatable read");
    await snapshot.execute(async (trx) => {
      if (!isSqlite(db)) await sql`set transaction read only`.execute(trx);
      const tables = await archiveTables(trx);
      const migrations = await sql<{ name: string }>`
        select name from kysely_migration order by name`.execute(trx);
      const header: ArchiveHeader = {
        format: ARCHIVE_FORMAT,
        product: PRODUCT_VERSION,
        createdAt: Date.now(),
        source: isSqlite(db) ? "sqlite" : "postgres",
        migrations: migrations.rows.map((row) => row.name),
        tables: tables.map(({ name, columns }) => ({ name, columns })),
      };
      await add(pack, HEADER_NAME, JSON.stringify(header, null, 2));
      for (const table of tables) {
        const digest = new LineDigest();
        let index = 0;
        for await (const lines of tableChunks(trx, table)) {
          digest.add(lines);
          await add(
            pack,
            chunkName(table.name, index),
            `${lines.join("\n")}\n`,
          );
          index += 1;
        }
        manifest.tables[table.name] = {
          rows: digest.rows,
          sha256: digest.hex(),
        };
        report.tables[table.name] = digest.rows;
        log(`${table.name} ${digest.rows}`);
      }
    });
    for await (const { key, size, open } of storedObjects(
      storageRoot,
      bucket,
    )) {
      const body = await open();
      if (!body) continue;
      // Streamed into the archive, its SHA-256 taken on the way.
      const hash = createHash("sha256");
      const entry = pack.entry({
        name: `files/${key}`,
        size,
        mtime: new Date(0),
      });
      body.on("data", (chunk: Buffer) => hash.update(chunk));
      await pipeline(body, entry);
      manifest.files[key] = { size, sha256: hash.digest("hex") };
      report.files += 1;
      report.bytes += size;
    }
    log(`files ${report.files} (${report.bytes} bytes)`);
    await add(pack, MANIFEST_NAME, JSON.stringify(manifest));
    pack.finalize();
    await written;
    return report;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}
