import { spawn } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { loadConfig } from "../src/config.js";
import { openInstallationDatabase } from "../src/db/database.js";
import { testEnv } from "./build-test-app.js";
import type { ProcessDatabase } from "./server-process.js";

/*
 * `npm run import` as a process of its own (issue 47's kill -9 tests): run to the end, or
 * killed with SIGKILL as soon as it has reported progress on the messages (a tenth of them
 * stored at least, each in its own commit).
 */

const serverRoot = path.resolve(import.meta.dirname, "..");

/** The environment an import process gets for a database. */
export function importerEnv(database: ProcessDatabase): Record<string, string> {
  return "url" in database
    ? {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        DATABASE_SCHEMA: database.schema,
      }
    : { DATA_DIR: database.dataDir };
}

/** Runs the importer with `args`; with `killOn`, kills it once its output matches. */
export function runImporter(
  database: ProcessDatabase,
  args: readonly string[],
  killOn?: RegExp,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/importers/main.ts", ...args],
      {
        cwd: serverRoot,
        env: { ...process.env, ...testEnv(importerEnv(database)) },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (killOn && child.exitCode === null && killOn.test(output))
        child.kill("SIGKILL");
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/**
 * What the killed run and the resumed one stored together: `total` messages of `source`,
 * each once, each chat's sequence gapless; and the resumed run's closing table says it
 * stored some of them, not all.
 */
export async function expectResumedOnce(
  database: ProcessDatabase,
  source: string,
  total: number,
  resumedOutput: string,
): Promise<void> {
  const db = await openInstallationDatabase(
    loadConfig(testEnv(importerEnv(database))),
  );
  try {
    const rows = await db
      .selectFrom("messages")
      .select(["conversation_id", "seq", "client_msg_id"])
      .where("client_msg_id", "like", `${source}:%`)
      .execute();
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.client_msg_id)).size).toBe(total);
    const byChat = new Map<string, number[]>();
    for (const r of rows)
      byChat.set(r.conversation_id, [
        ...(byChat.get(r.conversation_id) ?? []),
        r.seq,
      ]);
    for (const seqs of byChat.values()) {
      seqs.sort((a, b) => a - b);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  } finally {
    await db.destroy();
  }
  const stored = Number(/\nmessages\s+\d+\s+(\d+)/.exec(resumedOutput)?.[1]);
  expect(stored).toBeGreaterThan(0);
  expect(stored).toBeLessThan(total);
}
