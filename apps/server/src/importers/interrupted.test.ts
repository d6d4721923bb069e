import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yazl from "yazl";
import { afterEach, describe, expect, it } from "vitest";
import { expectResumedOnce, runImporter } from "../../test/importer-process.js";
import { createProcessDatabase } from "../../test/server-process.js";

/*
 * Issue 47: a Mattermost and a Slack import killed with SIGKILL in the middle of their
 * messages, then run again: every message is there once, each chat's sequence gapless,
 * and the second run stored only what the first had not (the Raingad importer's own test
 * does the same against MariaDB). On SQLite, and PostgreSQL in CI.
 */

const TOTAL = 1200;
const T = 1_700_000_000;
let cleanup: (() => Promise<void>) | undefined;
let folder: string | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

async function killThenResume(source: string, args: string[]): Promise<void> {
  const made = createProcessDatabase();
  cleanup = made.cleanup;
  const killed = await runImporter(
    made.database,
    args,
    /days of messages \d+\/|reading \d+\//,
  );
  expect(killed.code, killed.output).toBeNull();
  const resumed = await runImporter(made.database, args);
  expect(resumed.code, resumed.output).toBe(0);
  await expectResumedOnce(made.database, source, TOTAL, resumed.output);
}

describe("an import killed with SIGKILL, then run again", () => {
  it("Mattermost: resumes and stores each post once", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "mattermost-kill-"));
    const file = path.join(folder, "export.jsonl");
    const lines: unknown[] = [
      { type: "version", version: 1 },
      { type: "team", team: { name: "eng", display_name: "Eng", type: "O" } },
      {
        type: "channel",
        channel: {
          team: "eng",
          name: "general",
          display_name: "General",
          type: "O",
        },
      },
      ...["ann", "ben"].map((username) => ({
        type: "user",
        user: {
          username,
          email: `${username}@example.com`,
          teams: [{ name: "eng", channels: [{ name: "general" }] }],
        },
      })),
      ...Array.from({ length: TOTAL }, (_, i) => ({
        type: "post",
        post: {
          team: "eng",
          channel: "general",
          user: i % 2 ? "ann" : "ben",
          message: `post ${i}`,
          create_at: (T + i) * 1000,
        },
      })),
    ];
    fs.writeFileSync(
      file,
      `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`,
    );
    await killThenResume("mattermost", ["mattermost", file]);
  }, 120_000);

  it("Slack: resumes and stores each message once", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "slack-kill-"));
    const file = path.join(folder, "export.zip");
    const zip = new yazl.ZipFile();
    const add = (name: string, value: unknown) =>
      zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
    add("users.json", [
      { id: "U1", name: "ann", profile: { real_name: "Ann" } },
      { id: "U2", name: "ben", profile: { real_name: "Ben" } },
    ]);
    add("channels.json", [
      {
        id: "C1",
        name: "general",
        created: T,
        creator: "U1",
        members: ["U1", "U2"],
      },
    ]);
    // A day a file: 40 days of 30 messages.
    for (let day = 0; day < TOTAL / 30; day += 1)
      add(
        `general/2023-${String(1 + Math.floor(day / 28)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}.json`,
        Array.from({ length: 30 }, (_, i) => ({
          type: "message",
          user: i % 2 ? "U1" : "U2",
          text: `day ${day} message ${i}`,
          ts: `${T + day * 86_400 + i}.000100`,
        })),
      );
    zip.end();
    await new Promise<void>((resolve, reject) => {
      zip.outputStream
        .pipe(fs.createWriteStream(file))
        .once("close", resolve)
        .once("error", reject);
    });
    await killThenResume("slack", ["slack", file]);
  }, 120_000);
});
