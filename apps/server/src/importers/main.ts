import path from "node:path";
import { parseArgs } from "node:util";
import { bucketOfInstallation } from "../archive/export.js";
import { loadConfig } from "../config.js";
import { openInstallationDatabase } from "../db/database.js";
import { Passwords } from "../lib/passwords.js";
import { LocalStorage } from "../storage/local-storage.js";
import { type ImportRequest, runImport } from "./run.js";

/*
 * `npm run import -- raingad|mattermost|slack …` (extensions.md §8), into the installation
 * the environment names (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), as the server opens it.
 */

const USAGE = `usage: npm run import -- raingad --mysql URL [--files DIR] [--aes-key KEY]
       npm run import -- mattermost FILE.jsonl [--files DIR] [--passwords OUT.csv]
       npm run import -- slack FILE.zip [--passwords OUT.csv]

--passwords OUT.csv gives each imported user a made-up password, listed in OUT.csv
(Mattermost and Slack exports carry none).`;

async function run(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      mysql: { type: "string" },
      files: { type: "string" },
      "aes-key": { type: "string" },
      prefix: { type: "string" },
      passwords: { type: "string" },
    },
  });
  const [source, file] = positionals;
  // npm runs scripts from the project's folder: a relative path is the caller's.
  const here = (given: string | undefined) =>
    given === undefined
      ? undefined
      : path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const request: ImportRequest | null =
    source === "raingad" && values.mysql
      ? {
          source: "raingad",
          mysqlUrl: values.mysql,
          filesDir: here(values.files),
          aesKey: values["aes-key"],
          prefix: values.prefix,
        }
      : source === "mattermost" && file
        ? {
            source: "mattermost",
            file: here(file) ?? "",
            filesDir: here(values.files),
            passwordsFile: here(values.passwords),
          }
        : source === "slack" && file
          ? {
              source: "slack",
              file: here(file) ?? "",
              passwordsFile: here(values.passwords),
            }
          : null;
  if (!request) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openInstallationDatabase(config);
  const bucket = await bucketOfInstallation(db, config);
  const storage =
    bucket ?? new LocalStorage(path.join(config.DATA_DIR, "storage"));
  try {
    const passwords = new Passwords({
      memoryKib: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
    });
    const tally = await runImport(db, storage, request, passwords);
    process.stdout.write(`\n${tally.table()}\n\n`);
    if (request.source === "raingad")
      process.stdout.write(
        "Raingad passwords keep working: each is made anew (argon2id) at its user's first login.\n",
      );
    if (tally.madePasswords > 0)
      process.stdout.write(
        `${tally.madePasswords} users got a made-up password, listed in ${request.source !== "raingad" ? (request.passwordsFile ?? "") : ""}: hand each their own, then delete the file.\n`,
      );
    if (tally.withoutPassword > 0)
      process.stdout.write(
        `${tally.withoutPassword} users have no password yet: an administrator sets one (Console → Users → Change password), or run the import again with --passwords OUT.csv on a fresh installation.\n`,
      );
    return 0;
  } finally {
    bucket?.destroy();
    await db.destroy();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Import stopped: ${error instanceof Error ? error.message : String(error)}\nRun the same command again to resume: what was stored stays, nothing is added twice.\n`,
    );
    process.exit(1);
  },
);
