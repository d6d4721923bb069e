import type { Db } from "../db/database.js";
import type { Storage } from "../storage/storage.js";
import { RaingadImport } from "./raingad.js";
import { Tally } from "./tally.js";
import { ImportTarget } from "./target.js";

/** What `npm run import` was asked to bring in. */
export type ImportRequest =
  | {
      source: "raingad";
      mysqlUrl: string;
      filesDir?: string | undefined;
      aesKey?: string | undefined;
      prefix?: string | undefined;
    }
  | { source: "mattermost"; file: string; filesDir?: string | undefined }
  | { source: "slack"; file: string };

/**
 * Runs one import into the installation's database and storage; answers its tally. Run
 * again, it adds nothing; interrupted, the next run resumes (ImportTarget).
 */
export async function runImport(
  db: Db,
  storage: Storage,
  request: ImportRequest,
  out: NodeJS.WriteStream | null = process.stdout,
): Promise<Tally> {
  const tally = new Tally(out);
  const target = new ImportTarget(db, storage, request.source, tally);
  if (request.source === "raingad") {
    const pool = RaingadImport.connect(request.mysqlUrl);
    try {
      await new RaingadImport(pool, db, target, tally, {
        mysqlUrl: request.mysqlUrl,
        filesDir: request.filesDir,
        aesKey: request.aesKey,
        prefix: request.prefix,
      }).run();
    } finally {
      await pool.end();
    }
  } else throw new Error(`${request.source}: not yet`);
  tally.finishStep();
  return tally;
}
