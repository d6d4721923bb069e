import type { Db } from "../db/database.js";
import type { Passwords } from "../lib/passwords.js";
import type { Storage } from "../storage/storage.js";
import { MattermostImport } from "./mattermost.js";
import { PasswordsFile } from "./passwords-file.js";
import { SlackImport } from "./slack.js";
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
  | {
      source: "mattermost";
      file: string;
      filesDir?: string | undefined;
      passwordsFile?: string | undefined;
    }
  | { source: "slack"; file: string; passwordsFile?: string | undefined };

/**
 * Runs one import into the installation's database and storage; answers its tally. Run
 * again, it adds nothing; interrupted, the next run resumes (ImportTarget).
 */
export async function runImport(
  db: Db,
  storage: Storage,
  request: ImportRequest,
  passwords: Passwords,
  out: NodeJS.WriteStream | null = process.stdout,
): Promise<Tally> {
  const tally = new Tally(out);
  const passwordsFile =
    "passwordsFile" in request ? request.passwordsFile : undefined;
  const target = new ImportTarget(
    db,
    storage,
    request.source,
    tally,
    passwordsFile
      ? new PasswordsFile(passwordsFile, (password) => passwords.hash(password))
      : undefined,
  );
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
  } else if (request.source === "mattermost")
    await new MattermostImport(
      request.file,
      target,
      tally,
      passwords,
      request.filesDir,
    ).run();
  else await new SlackImport(request.file, target, tally).run();
  tally.finishStep();
  return tally;
}
