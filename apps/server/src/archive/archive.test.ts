import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { chatHelpers } from "../../test/chat.js";
import {
  createGroup,
  loginAdmin,
  registerMany,
  type TestUser,
} from "../../test/factories.js";
import { startS3, storeInBucket } from "../../test/s3.js";
import { createTestDb, type TestDb } from "../../test/test-db.js";
import { LocalStorage } from "../storage/local-storage.js";
import { loadConfig } from "../config.js";
import { bucketOfInstallation, exportArchive } from "./export.js";
import { ArchiveRefused, importArchive } from "./import.js";
import { digestTable } from "./rows.js";
import { archiveTables } from "./tables.js";

/*
 * Issue 47, the archive (extensions.md §8): an installation with every kind of record
 * exported, imported into an empty database of each kind and back, identical table by
 * table (count and SHA-256 over the rows), its files byte for byte, and people sign in as
 * before (a password, a two-factor code: the installation's secret travels). A database
 * with users is refused; a damaged archive leaves nothing behind. On SQLite, and with
 * TEST_DATABASE_URL, from and to PostgreSQL too.
 */

const KINDS: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function folder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.promises.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function database(kind: "sqlite" | "postgres"): Promise<TestDb> {
  const testDb = await createTestDb({ dialect: kind });
  cleanups.push(async () => {
    await testDb.db.destroy().catch(() => undefined);
    await testDb.drop();
  });
  return testDb;
}

/** The app on a database and a storage folder of the test's own. */
async function appOn(testDb: TestDb, storage: string): Promise<TestApp> {
  return startTestApp(
    {},
    {
      testDb: { ...testDb, db: testDb.reopen() },
      storage: new LocalStorage(storage),
    },
  );
}

function codeAt(secret: string, at: number): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    period: 30,
    digits: 6,
  }).generate({ timestamp: at });
}

/** Every table's count and digest. */
async function digests(testDb: TestDb): Promise<Record<string, string>> {
  const db = testDb.reopen();
  try {
    const result: Record<string, string> = {};
    for (const table of await archiveTables(db)) {
      const { rows, sha256 } = await digestTable(db, table);
      result[table.name] = `${rows} ${sha256}`;
    }
    return result;
  } finally {
    await db.destroy();
  }
}

/** An installation with something of every kind in it; who to sign in as. */
async function populate(api: TestApp) {
  const { post, sendText } = chatHelpers(() => api);
  const [ann, ben, cai] = await registerMany(api, 3, "Archived 归档");
  const admin = await loginAdmin(api);
  const group = await createGroup(api, ann, [ben, cai], "Moving crew 搬家");
  const direct = await sendText(ann, ben.userId, "first words 你好");
  await sendText(ben, ann.userId, "**markup** kept");
  const inGroup = await sendText(cai, group.id, "to the group");
  expect(
    (await post(ben, "im/react", { id: inGroup.id, emoji: "👍" })).code,
  ).toBe(0);
  await sendText(ann, group.id, "a reply in a thread", {
    thread_id: inGroup.id,
  });
  expect(
    (
      await post(ann, "im/editMessage", {
        id: direct.id,
        content: "first words, edited",
      })
    ).code,
  ).toBe(0);
  // A file, stored on the disk.
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "file", toContactId: ben.userId }),
  );
  form.append("file", new Blob(["the file's bytes ✓"]), "notes.txt");
  const uploaded = await api.post(
    "/common/upload/uploadFile",
    {},
    { token: ann.token, raw: form },
  );
  expect(uploaded.code, uploaded.msg).toBe(0);
  // Two-factor on for Cai, and a console setting saved (the audit log has it).
  const setup = await post(cai, "im/totpSetup");
  const { secret } = setup.data as { secret: string };
  expect(
    (
      await post(cai, "im/totpEnable", {
        code: codeAt(secret, api.clock.now()),
      })
    ).code,
  ).toBe(0);
  expect(
    (
      await api.post(
        "/manage/config/setConfig",
        { name: "sysInfo", value: { name: "Moved Parley" } },
        { token: admin.token },
      )
    ).code,
  ).toBe(0);
  return { ann, ben, cai, secret, group };
}

async function messagesSeen(api: TestApp, user: TestUser, chat: number) {
  const res = await api.post(
    "/enterprise/im/getMessageList",
    { toContactId: chat, is_group: 0, page: 1, limit: 50 },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return (res.data as Array<{ id: string; content: string }>).map(
    (m) => `${m.id} ${m.content}`,
  );
}

describe.each(KINDS)("an archive of an installation on %s", (kind) => {
  it("imports into an empty database of each kind and back, identical, and people sign in as before", async () => {
    const source = await database(kind);
    const sourceFiles = folder("parley-archive-src-");
    const api = await appOn(source, sourceFiles);
    const people = await populate(api);
    const before = await messagesSeen(api, people.ann, people.ben.userId);
    // The group's picture is drawn after the call answers: the snapshot must not race it.
    await api.services.jobs.whenIdle();
    const archive = path.join(folder("parley-archive-"), "one.tar.gz");
    const report = await exportArchive(api.db, sourceFiles, archive);
    await api.close();
    expect(report.tables.users).toBe(4);
    expect(report.tables.messages).toBeGreaterThanOrEqual(5);
    expect(report.files).toBeGreaterThanOrEqual(1);
    const sourceDigests = await digests(source);

    for (const target of KINDS) {
      const into = await database(target);
      const files = folder("parley-archive-dst-");
      const imported = await importArchive(into.db, files, archive);
      expect(imported.tables).toEqual(report.tables);
      expect(await digests(into)).toEqual(sourceDigests);
      for (const key of fs.readdirSync(sourceFiles, { recursive: true })) {
        const from = path.join(sourceFiles, String(key));
        if (fs.statSync(from).isFile())
          expect(fs.readFileSync(path.join(files, String(key)))).toEqual(
            fs.readFileSync(from),
          );
      }

      // The moved installation: passwords, the second factor, the messages, new writes.
      const moved = await appOn(into, files);
      const login = await moved.post("/common/pub/login", {
        account: people.ann.account,
        password: people.ann.password,
      });
      expect(login.code, login.msg).toBe(0);
      const ann = {
        ...people.ann,
        token: (login.data as { authToken: string }).authToken,
      };
      expect(await messagesSeen(moved, ann, people.ben.userId)).toEqual(before);
      const asked = await moved.post("/common/pub/login", {
        account: people.cai.account,
        password: people.cai.password,
      });
      expect(asked.code).toBe(1001);
      moved.clock.advance(60_000);
      const second = await moved.post("/common/pub/login", {
        account: people.cai.account,
        password: people.cai.password,
        totp: codeAt(people.secret, moved.clock.now()),
      });
      expect(second.code, second.msg).toBe(0);
      // New rows continue after the imported ones (PostgreSQL's counters advanced).
      const { sendText } = chatHelpers(() => moved);
      const next = await sendText(ann, people.ben.userId, "after the move");
      expect(next.msg_id).toBeGreaterThan(0);

      // Into a database with users: refused, nothing changed.
      const counts = await digests(into);
      await expect(importArchive(into.db, files, archive)).rejects.toThrow(
        ArchiveRefused,
      );
      expect(await digests(into)).toEqual(counts);
      await moved.close();
    }
  });

  it("carries the files kept in an S3 bucket too", async () => {
    const s3 = await startS3();
    cleanups.push(() => s3.close());
    const source = await database(kind);
    const sourceFiles = folder("parley-archive-src-");
    const api = await appOn(source, sourceFiles);
    await storeInBucket(api.db, s3);
    const bytes = Buffer.from("kept in the bucket ✓");
    await s3.storage.put("file/2026/12/in-bucket.bin", bytes);
    const archive = path.join(folder("parley-archive-"), "s3.tar.gz");
    const bucket = await bucketOfInstallation(api.db, loadConfig({}));
    expect(bucket).not.toBeNull();
    const report = await exportArchive(
      api.db,
      sourceFiles,
      archive,
      undefined,
      bucket,
    );
    bucket?.destroy();
    await api.close();
    expect(report.filesElsewhere).toBeNull();
    const into = await database(kind);
    const files = folder("parley-archive-dst-");
    await importArchive(into.db, files, archive);
    expect(
      fs.readFileSync(path.join(files, "file", "2026", "12", "in-bucket.bin")),
    ).toEqual(bytes);
  });

  it("refuses a damaged archive and leaves nothing behind", async () => {
    const source = await database(kind);
    const sourceFiles = folder("parley-archive-src-");
    const api = await appOn(source, sourceFiles);
    await populate(api);
    const archive = path.join(folder("parley-archive-"), "whole.tar.gz");
    await exportArchive(api.db, sourceFiles, archive);
    await api.close();
    const whole = fs.readFileSync(archive);
    const cut = path.join(path.dirname(archive), "cut.tar.gz");
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const into = await database(kind);
    const files = folder("parley-archive-dst-");
    await expect(importArchive(into.db, files, cut)).rejects.toThrow();
    const users = await into.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(users.n).toBe(0);
    expect(
      fs
        .readdirSync(files, { recursive: true })
        .filter((f) => fs.statSync(path.join(files, String(f))).isFile()),
    ).toEqual([]);
  });
});
