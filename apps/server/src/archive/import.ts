import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { finished, pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "kysely";
import tar from "tar-stream";
import type { Db } from "../db/database.js";
import { isSqlite } from "../db/dialect.js";
import { isStorageKey } from "../storage/storage.js";
import {
  type ArchiveHeader,
  type ArchiveManifest,
  HEADER_NAME,
  HeaderSchema,
  MANIFEST_NAME,
  ManifestSchema,
} from "./format.js";
import { TableLoader } from "./loader.js";
import { ArchiveRefused } from "./refused.js";
import { digestTable, LineDigest } from "./rows.js";
import { type ArchiveTable, archiveTables } from "./tables.js";

/** What an import stored, for the closing table. */
export interface ImportReport {
  tables: Record<string, number>;
  files: number;
  bytes: number;
  filesElsewhere: string | null;
}

export { ArchiveRefused } from "./refused.js";

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * Writes an entry's bytes to a new file, its size and SHA-256 taken on the way. Read as an
 * async iterator: a damaged archive fails the entry, and with it this (Node's pipeline
 * does not hear a tar entry's destruction).
 */
async function writeEntry(
  entry: AsyncIterable<unknown>,
  target: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  const out = fs.createWriteStream(target, { flags: "wx" });
  try {
    for await (const part of entry) {
      const bytes = part as Uint8Array;
      hash.update(bytes);
      size += bytes.length;
      if (!out.write(bytes)) await once(out, "drain");
    }
  } finally {
    out.end();
    await finished(out).catch(() => undefined);
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Runs `fn` with the tables' triggers off, in the import's transaction: they keep derived
 * values current as the app writes (a group's member version), and the archive carries
 * those values as they were. SQLite's are dropped and made again from their own SQL;
 * PostgreSQL's user triggers are disabled and enabled again.
 */
async function withoutTriggers(
  db: Db,
  tables: Iterable<string>,
  fn: () => Promise<void>,
): Promise<void> {
  if (isSqlite(db)) {
    const triggers = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master
       where type = 'trigger' and sql is not null order by name`.execute(db);
    for (const trigger of triggers.rows)
      await sql`drop trigger ${sql.ref(trigger.name)}`.execute(db);
    await fn();
    for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(db);
    return;
  }
  const names = [...tables];
  for (const table of names)
    await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
  await fn();
  for (const table of names)
    await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
}

/** PostgreSQL's serial counters continue after the imported keys. */
async function advanceSequences(
  db: Db,
  tables: readonly ArchiveTable[],
): Promise<void> {
  for (const table of tables) {
    if (table.key.length !== 1) continue;
    const [key = ""] = table.key;
    const found = await sql<{ seq: string | null }>`
      select pg_get_serial_sequence(${table.name}, ${key}) as seq`.execute(db);
    const seq = found.rows[0]?.seq;
    if (!seq) continue;
    await sql`select setval(${seq}::regclass,
      coalesce((select max(${sql.ref(key)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * Reads an archive into an empty installation (extensions.md §8 `archive import`): the
 * tables into `db` (of either kind, migrated: the archive's migrations must all be there),
 * in one transaction, then checked against the manifest (each table's count and SHA-256
 * over its rows as read back); the files into `storageRoot`, each checked. Anything wrong,
 * and nothing stays: the transaction rolls back and the files written are removed. A
 * database with users in it is refused and left as it is.
 */
export async function importArchive(
  db: Db,
  storageRoot: string,
  file: string,
  log: (line: string) => void = () => undefined,
): Promise<ImportReport> {
  const users = await sql<{ n: number | string }>`
    select count(*) as n from users`.execute(db);
  if (Number(users.rows[0]?.n ?? 0) > 0)
    throw new ArchiveRefused(
      "the database already has users: an archive is imported into an empty one",
    );
  const applied = new Set(
    (
      await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    ).rows.map((row) => row.name),
  );
  const filesWritten: string[] = [];
  // Tables that come before the tables they reference wait here (loader.ts).
  const spoolDir = await fs.promises.mkdtemp(
    path.join(os.tmpdir(), "parley-import-"),
  );
  const report: ImportReport = {
    tables: {},
    files: 0,
    bytes: 0,
    filesElsewhere: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const live = new Map(
        (await archiveTables(trx)).map((table) => [table.name, table]),
      );
      // What the archive says of itself, filled in as its entries come.
      const read: {
        header: ArchiveHeader | null;
        manifest: ArchiveManifest | null;
      } = { header: null, manifest: null };
      let loader: TableLoader | null = null;
      const fileDigests: Record<string, { size: number; sha256: string }> = {};
      const lineDigests = new Map<string, LineDigest>();
      let reading: Promise<void> = Promise.resolve();
      await withoutTriggers(trx, live.keys(), async () => {
        // Started only now, when its entries are read at once: tar-stream hands an entry
        // to the iterator only when it is listening.
        const extract = tar.extract();
        const source = fs.createReadStream(file);
        const gunzip = createGunzip();
        // A damaged file fails the reading of entries, which ends the loop below with it.
        // The entry being read, which a damaged file must fail too (or its reader waits).
        let current: { destroy(error: Error): void } | null = null;
        reading = pipeline(source, gunzip, extract).catch((error: unknown) => {
          const failure =
            error instanceof Error ? error : new Error(String(error));
          current?.destroy(failure);
          extract.destroy(failure);
          throw error;
        });
        reading.catch(() => undefined);
        for await (const entry of extract) {
          current = entry;
          const name = entry.header.name;
          if (name === HEADER_NAME) {
            const parsed = HeaderSchema.safeParse(
              JSON.parse((await readAll(entry)).toString("utf8")),
            );
            if (!parsed.success)
              throw new ArchiveRefused("this is not a Parley archive");
            read.header = parsed.data;
            loader = new TableLoader(
              trx,
              [...live.values()],
              new Map(parsed.data.tables.map((t) => [t.name, t.columns])),
              spoolDir,
            );
            const missing = read.header.migrations.filter(
              (m) => !applied.has(m),
            );
            if (missing.length > 0)
              throw new ArchiveRefused(
                `the archive comes from a newer Parley (migrations ${missing.join(", ")}): update this one first`,
              );
            for (const table of read.header.tables)
              if (!live.has(table.name))
                throw new ArchiveRefused(
                  `this database has no table ${table.name}`,
                );
            continue;
          }
          if (!read.header)
            throw new ArchiveRefused("this is not a Parley archive");
          const chunk = /^tables\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/.exec(name);
          if (chunk) {
            const table = read.header.tables.find((t) => t.name === chunk[1]);
            if (!table) throw new ArchiveRefused(`an unknown table in ${name}`);
            const lines = (await readAll(entry))
              .toString("utf8")
              .split("\n")
              .filter((line) => line !== "");
            if (!loader)
              throw new ArchiveRefused("this is not a Parley archive");
            await loader.chunk(table.name, lines);
            const digest = lineDigests.get(table.name) ?? new LineDigest();
            digest.add(lines);
            lineDigests.set(table.name, digest);
            continue;
          }
          await loader?.close();
          if (name.startsWith("files/")) {
            const key = name.slice("files/".length);
            if (!isStorageKey(key))
              throw new ArchiveRefused(`a file outside the storage: ${name}`);
            const target = path.join(storageRoot, ...key.split("/"));
            await fs.promises.mkdir(path.dirname(target), { recursive: true });
            filesWritten.push(target);
            const written = await writeEntry(entry, target);
            fileDigests[key] = written;
            report.files += 1;
            report.bytes += written.size;
            continue;
          }
          if (name === MANIFEST_NAME) {
            const parsed = ManifestSchema.safeParse(
              JSON.parse((await readAll(entry)).toString("utf8")),
            );
            if (!parsed.success)
              throw new ArchiveRefused("the archive's manifest is damaged");
            read.manifest = parsed.data;
            continue;
          }
          throw new ArchiveRefused(`an unknown entry in the archive: ${name}`);
        }
        await loader?.finish();
      });
      await reading;
      if (!read.header || !read.manifest)
        throw new ArchiveRefused("the archive ends before its manifest");

      if (!isSqlite(trx))
        await advanceSequences(
          trx,
          read.header.tables.flatMap((t) => live.get(t.name) ?? []),
        );
      // Checked against the manifest: what was read, and what the database now holds.
      for (const table of read.header.tables) {
        const expected = read.manifest.tables[table.name];
        const taken = lineDigests.get(table.name) ?? new LineDigest();
        const liveTable = live.get(table.name);
        if (!expected || !liveTable)
          throw new ArchiveRefused(`the manifest does not list ${table.name}`);
        const now = await digestTable(trx, {
          ...liveTable,
          columns: table.columns,
        });
        if (
          taken.rows !== expected.rows ||
          taken.hex() !== expected.sha256 ||
          now.rows !== expected.rows ||
          now.sha256 !== expected.sha256
        )
          throw new ArchiveRefused(
            `${table.name}: ${String(now.rows)} rows stored, ${String(expected.rows)} archived, or their contents differ`,
          );
        report.tables[table.name] = now.rows;
        log(`${table.name} ${now.rows}`);
      }
      const expectedFiles = Object.entries(read.manifest.files);
      for (const [key, expected] of expectedFiles) {
        const got = fileDigests[key];
        if (got?.size !== expected.size || got.sha256 !== expected.sha256)
          throw new ArchiveRefused(`the file ${key} is damaged or missing`);
      }
      if (Object.keys(fileDigests).length !== expectedFiles.length)
        throw new ArchiveRefused(
          "the archive holds files its manifest does not list",
        );
      report.filesElsewhere = read.manifest.filesElsewhere;
      log(`files ${report.files} (${report.bytes} bytes)`);
    });
    return report;
  } catch (error) {
    await Promise.all(
      filesWritten.map((target) => fs.promises.rm(target, { force: true })),
    );
    throw error;
  } finally {
    await fs.promises.rm(spoolDir, { recursive: true, force: true });
  }
}
