import { z } from "zod";

/*
 * The archive's layout (issue 47, extensions.md §8): a gzipped tar, written as a stream.
 *
 *   parley-archive.json          what wrote it: format, product version, migrations, tables
 *   tables/<table>/<nnnnnn>.jsonl a chunk of a table's rows (≤ 2,000), parents' tables first
 *   files/<storage key>           each stored file's bytes
 *   manifest.json                 last: each table's rows and SHA-256, each file's size and SHA-256
 */

export const ARCHIVE_FORMAT = 1;
export const HEADER_NAME = "parley-archive.json";
export const MANIFEST_NAME = "manifest.json";

export const HeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  product: z.string(),
  createdAt: z.number(),
  /** The database it was read from. */
  source: z.enum(["sqlite", "postgres"]),
  /** Every migration the source had run: an import needs them all. */
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
    }),
  ),
});
export type ArchiveHeader = z.infer<typeof HeaderSchema>;

export const ManifestSchema = z.object({
  tables: z.record(
    z.string(),
    z.object({ rows: z.number().int(), sha256: z.string() }),
  ),
  files: z.record(
    z.string(),
    z.object({ size: z.number().int(), sha256: z.string() }),
  ),
  /** Files the archive could not carry (kept in an S3 bucket: copy the bucket too). */
  filesElsewhere: z.string().nullable(),
});
export type ArchiveManifest = z.infer<typeof ManifestSchema>;

/** A chunk's entry name. */
export function chunkName(table: string, index: number): string {
  return `tables/${table}/${String(index).padStart(6, "0")}.jsonl`;
}
