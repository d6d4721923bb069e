import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.js";
import { openInstallationDatabase } from "../db/database.js";
import { bucketOfInstallation, exportArchive } from "./export.js";
import { ArchiveRefused, importArchive } from "./import.js";

/*
 * `npm run archive -- export FILE` and `npm run archive -- import FILE` (extensions.md §8),
 * on the installation the environment names (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), as
 * the server would open it.
 */

const USAGE = `usage: npm run archive -- export FILE   (the whole installation into FILE)
       npm run archive -- import FILE   (FILE into an empty installation)`;

async function run(): Promise<number> {
  const [command, given] = process.argv.slice(2);
  if ((command !== "export" && command !== "import") || !given) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // npm runs scripts from the project's folder: a relative FILE is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const config = loadConfig();
  const db = await openInstallationDatabase(config);
  const storage = path.join(config.DATA_DIR, "storage");
  const log = (line: string) => process.stdout.write(`  ${line}\n`);
  try {
    if (command === "export") {
      if (fs.existsSync(file)) {
        process.stderr.write(
          `${file} exists: choose another name or remove it\n`,
        );
        return 1;
      }
      process.stdout.write(`Exporting to ${file}\n`);
      const bucket = await bucketOfInstallation(db, config);
      const report = await exportArchive(
        db,
        storage,
        file,
        log,
        bucket,
      ).finally(() => bucket?.destroy());
      const { size } = fs.statSync(file);
      process.stdout.write(`Archive written: ${file} (${size} bytes)\n`);
      if (report.filesElsewhere)
        process.stdout.write(`Not in the archive: ${report.filesElsewhere}.\n`);
      return 0;
    }
    if (!fs.existsSync(file)) {
      process.stderr.write(`${file} does not exist\n`);
      return 1;
    }
    process.stdout.write(`Importing ${file}\n`);
    const report = await importArchive(db, storage, file, log);
    process.stdout.write(
      "Imported and checked against the archive's manifest.\n",
    );
    if (report.filesElsewhere)
      process.stdout.write(
        `The archive's files in the ${report.filesElsewhere} were not in it: point this installation at that bucket (Settings → Files).\n`,
      );
    return 0;
  } catch (error) {
    if (error instanceof ArchiveRefused) {
      process.stderr.write(`Refused, nothing changed: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
