import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { manage } from "@parley/protocol";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { createTestDb } from "../../../test/test-db.js";
import { importArchive } from "../../archive/import.js";
import { startS3, storeInBucket } from "../../../test/s3.js";
import {
  loginAdmin,
  registerAndLogin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Scheduled tasks (issue 12): message retention with its files, cleanup of what expired,
 * orphan files; each scheduled slot runs once however many processes share the database;
 * administrators pause, resume, run now and read the log; users never reach them.
 */
let api: TestApp;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  api = await startTestApp();
  admin = await loginAdmin(api);
  png = await sharp({
    create: { width: 32, height: 24, channels: 3, background: "#aa2266" },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await api.close();
});

const en = { "Accept-Language": "en" };
const call = (path: string, body: object, user: TestUser | null, app = api) =>
  app.post(path, body, { token: user?.token, headers: en });
const DAY = 86_400_000;

/** A new session after the clock moved past the old one's end. */
async function relogin(user: TestUser): Promise<TestUser> {
  const res = await api.post("/common/pub/login", {
    account: user.account,
    password: user.password,
  });
  expect(res.code, res.msg).toBe(0);
  return { ...user, token: (res.data as { authToken: string }).authToken };
}

/** Moves the clock on; everyone signs in again. */
async function advance(ms: number, ...users: TestUser[]): Promise<TestUser[]> {
  api.clock.advance(ms);
  admin = await relogin(admin);
  return Promise.all(users.map(relogin));
}

async function sendText(from: TestUser, to: TestUser, content: string) {
  const res = await call(
    "/enterprise/im/sendMessage",
    { id: randomUUID(), toContactId: to.userId, type: "text", content },
    from,
  );
  expect(res.code, res.msg).toBe(0);
  return (res.data as { msg_id: number }).msg_id;
}

async function sendImage(from: TestUser, to: TestUser) {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "image", toContactId: to.userId }),
  );
  form.append("file", new Blob([new Uint8Array(png)]), "old.png");
  const res = await api.post(
    "/common/upload/uploadFile",
    {},
    { token: from.token, raw: form, headers: en },
  );
  expect(res.code, res.msg).toBe(0);
  const fileId = (res.data as { file_id: number }).file_id;
  const blob = await api.db
    .selectFrom("files")
    .innerJoin("blobs", "blobs.blob_id", "files.blob_id")
    .select("blobs.storage_key")
    .where("files.file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return { fileId, key: blob.storage_key };
}

async function messageExists(msgId: number): Promise<boolean> {
  const row = await api.db
    .selectFrom("messages")
    .select("msg_id")
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
  return row !== undefined;
}

describe("who may call the tasks", () => {
  const CALLS: Array<[string, object]> = [
    ["/manage/Task/getDataList", {}],
    ["/manage/Task/getTaskList", {}],
    ["/manage/Task/startTask", {}],
    ["/manage/Task/stopTask", {}],
    ["/manage/Task/runTask", { name: "cleanup" }],
    ["/manage/Task/getTaskLog", { name: "cleanup" }],
    ["/manage/Task/clearTaskLog", { name: "cleanup" }],
  ];
  it.each(CALLS)(
    "%s: a user gets the missing-call answer",
    async (path, body) => {
      const user = await registerAndLogin(api);
      const res = await call(path, body, user);
      expect(res).toEqual(await call("/manage/no/such/call", body, user));
    },
  );

  it("demo mode refuses every change", async () => {
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const who = await loginAdmin(demo);
      for (const [path, body] of CALLS.slice(2))
        if (!path.endsWith("getTaskLog"))
          expect((await call(path, body, who, demo)).key, path).toBe(
            "demo.readOnly",
          );
      expect((await call("/manage/Task/getDataList", {}, who, demo)).code).toBe(
        0,
      );
    } finally {
      await demo.close();
    }
  });

  it("refuses an unknown task", async () => {
    expect(
      (await call("/manage/Task/runTask", { name: "rm -rf" }, admin)).key,
    ).toBe("console.taskNotFound");
  });
});

describe("message retention", () => {
  it("is off by default: nothing is deleted", async () => {
    const [a, b] = await registerMany(api, 2, "Keep");
    const msgId = await sendText(a, b, "kept forever");
    await advance(400 * DAY);
    const res = await call(
      "/manage/Task/runTask",
      { name: "messageRetention" },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    const outcome = manage.taskRun.response.parse(res.data);
    expect(outcome.ok).toBe(true);
    expect(outcome.summary).toMatch(/off/);
    expect(await messageExists(msgId)).toBe(true);
  });

  it("deletes messages older than the days kept, and frees their files", async () => {
    let [a, b] = await registerMany(api, 2, "Retain");
    const oldText = await sendText(a, b, "old words");
    const quoted = (
      await call("/enterprise/im/getMessageList", { toContactId: b.userId }, a)
    ).data as Array<{ msg_id: number; id: string }>;
    const image = await sendImage(a, b);
    expect(await api.storage.read(image.key, 10_000_000)).not.toBeNull();
    const fresh = await advance(31 * DAY, a, b);
    a = fresh[0] ?? a;
    b = fresh[1] ?? b;
    const reply = await call(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        toContactId: b.userId,
        type: "text",
        content: "new words",
        pid: quoted[0]?.msg_id,
      },
      a,
    );
    expect(reply.code, reply.msg).toBe(0);
    const newMsg = (reply.data as { msg_id: number }).msg_id;
    await saveConfig(api, "chatInfo", { msgClearDay: "30" });
    try {
      const res = await call(
        "/manage/Task/runTask",
        { name: "messageRetention" },
        admin,
      );
      expect(res.code, res.msg).toBe(0);
      const outcome = manage.taskRun.response.parse(res.data);
      expect(outcome.ok).toBe(true);
      expect(outcome.summary).toMatch(/^\d+ messages .* 1 files released$/);
      expect(await messageExists(oldText)).toBe(false);
      expect(await messageExists(newMsg)).toBe(true);
      // The file left storage with its message; the reply no longer carries the old words.
      expect(await api.storage.read(image.key, 10_000_000)).toBeNull();
      const page = await call(
        "/enterprise/im/getMessageList",
        { toContactId: b.userId },
        a,
      );
      const rows = page.data as Array<{
        content: string;
        extends: { quote?: { content: string } };
      }>;
      expect(rows.map((m) => m.content)).toEqual(["new words"]);
      expect(JSON.stringify(rows)).not.toContain("old words");
      const log = await call(
        "/manage/Task/getTaskLog",
        { name: "messageRetention" },
        admin,
      );
      expect(log.data).toMatch(/ok +manual .* messages sent before/);
    } finally {
      await saveConfig(api, "chatInfo", { msgClearDay: "0" });
    }
  });
});

describe("cleanup and orphan files", () => {
  it("removes expired codes and long-ended sessions, keeping live ones", async () => {
    const now = api.clock.now();
    const user = await registerAndLogin(api);
    await api.db
      .insertInto("verification_codes")
      .values([
        {
          account: "old@x.co",
          type: 2,
          code_hash: "h",
          created_at: now - 3 * DAY,
          expires_at: now - 2 * DAY,
        },
        {
          account: "new@x.co",
          type: 2,
          code_hash: "h",
          created_at: now,
          expires_at: now + 300_000,
        },
      ])
      .execute();
    const ended = await api.db
      .insertInto("sessions")
      .values({
        token_hash: randomUUID(),
        user_id: user.userId,
        created_at: now - 90 * DAY,
        expires_at: now - 40 * DAY,
        last_seen_at: now - 90 * DAY,
        revoked_at: null,
        revoke_reason: null,
        parent_session_id: null,
      })
      .returning("session_id")
      .executeTakeFirstOrThrow();
    const res = await call("/manage/Task/runTask", { name: "cleanup" }, admin);
    expect(res.code, res.msg).toBe(0);
    expect((res.data as { summary: string }).summary).toMatch(
      /^\d+ codes, \d+ sessions/,
    );
    const codes = await api.db
      .selectFrom("verification_codes")
      .select("account")
      .execute();
    expect(codes.map((c) => c.account)).toContain("new@x.co");
    expect(codes.map((c) => c.account)).not.toContain("old@x.co");
    const left = await api.db
      .selectFrom("sessions")
      .select("session_id")
      .where("session_id", "=", ended.session_id)
      .execute();
    expect(left).toEqual([]);
    expect((await call("/enterprise/im/getContacts", {}, user)).code).toBe(0);
  });

  it("releases uploads no message carries, after an hour", async () => {
    const [a, b] = await registerMany(api, 2, "Orphan");
    const image = await sendImage(a, b);
    // The message is gone but its file row stayed (a crash between the two, say).
    await api.db
      .deleteFrom("messages")
      .where("file_id", "=", image.fileId)
      .execute();
    const early = await call(
      "/manage/Task/runTask",
      { name: "orphanFiles" },
      admin,
    );
    expect((early.data as { summary: string }).summary).toMatch(/^0 files/);
    await advance(2 * 3_600_000);
    const res = await call(
      "/manage/Task/runTask",
      { name: "orphanFiles" },
      admin,
    );
    expect((res.data as { summary: string }).summary).toMatch(/^1 files/);
    expect(await api.storage.read(image.key, 10_000_000)).toBeNull();
  });
});

describe("the schedule", () => {
  it("runs each slot once, however many processes share the database", async () => {
    // Two apps on one database, as two server processes are (closing the second ends both).
    const one = await startTestApp();
    const two = await startTestApp({}, { testDb: one.testDb });
    try {
      // The start of a minute: "a second later" stays in the same slot (at :59 it would not).
      const slot = Math.floor((one.clock.now() + 7 * DAY) / 60_000) * 60_000;
      const ran = await Promise.all([
        one.services.tasks.runSlot("cleanup", slot),
        two.services.tasks.runSlot("cleanup", slot + 1_000),
        one.services.tasks.runSlot("cleanup", slot),
        two.services.tasks.runSlot("cleanup", slot),
      ]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // The next slot runs again, once.
      const next = await Promise.all([
        one.services.tasks.runSlot("cleanup", slot + 3_600_000),
        two.services.tasks.runSlot("cleanup", slot + 3_600_000),
      ]);
      expect(next.filter(Boolean)).toHaveLength(1);
      const runs = await one.db
        .selectFrom("task_log")
        .select("log_id")
        .where("name", "=", "cleanup")
        .execute();
      expect(runs).toHaveLength(2);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it("pauses and resumes; the old task list answers 400 when nothing runs", async () => {
    const list = await call("/manage/Task/getTaskList", {}, admin);
    expect(list.code, list.msg).toBe(0);
    expect(
      manage.taskList.response.parse(list.data).map((t) => t.name),
    ).toEqual(["messageRetention", "cleanup", "orphanFiles", "archive"]);
    expect(
      (await call("/manage/Task/stopTask", { name: "cleanup" }, admin)).code,
    ).toBe(0);
    expect(
      await api.services.tasks.runSlot("cleanup", api.clock.now() + 30 * DAY),
    ).toBe(false);
    const data = manage.taskData.response.parse(
      (await call("/manage/Task/getDataList", {}, admin)).data,
    );
    expect(data.find((t) => t.name === "cleanup")).toMatchObject({
      status: "stopped",
      next_run: null,
    });
    expect(
      data.find((t) => t.name === "orphanFiles")?.next_run,
    ).toBeGreaterThan(api.clock.now());
    expect((await call("/manage/Task/stopTask", {}, admin)).code).toBe(0);
    const stopped = await call("/manage/Task/getTaskList", {}, admin);
    expect(stopped.code).toBe(400);
    expect(stopped.key).toBe("console.tasksStopped");
    expect((await call("/manage/Task/startTask", {}, admin)).code).toBe(0);
    expect((await call("/manage/Task/getTaskList", {}, admin)).code).toBe(0);
  });

  it("clears a task's log", async () => {
    await call("/manage/Task/runTask", { name: "cleanup" }, admin);
    expect(
      (await call("/manage/Task/getTaskLog", { name: "cleanup" }, admin)).data,
    ).not.toBe("");
    expect(
      (await call("/manage/Task/clearTaskLog", { name: "cleanup" }, admin))
        .code,
    ).toBe(0);
    expect(
      (await call("/manage/Task/getTaskLog", { name: "cleanup" }, admin)).data,
    ).toBe("");
  });
});

describe("the nightly archive (issue 47)", () => {
  it("says so when no folder is set", async () => {
    const res = await call("/manage/Task/runTask", { name: "archive" }, admin);
    expect(res.code, res.msg).toBe(0);
    expect((res.data as { summary: string }).summary).toMatch(
      /^no folder set: give ARCHIVE_DIR/,
    );
  });

  it("writes an archive into ARCHIVE_DIR and keeps the newest ARCHIVE_KEEP", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-nightly-"));
    const own = await startTestApp({ ARCHIVE_DIR: dir, ARCHIVE_KEEP: "2" });
    try {
      const ownAdmin = await loginAdmin(own);
      const summaries: string[] = [];
      for (let run = 0; run < 3; run += 1) {
        const res = await call(
          "/manage/Task/runTask",
          { name: "archive" },
          ownAdmin,
          own,
        );
        expect(res.code, res.msg).toBe(0);
        summaries.push((res.data as { summary: string }).summary);
        own.clock.advance(DAY);
      }
      expect(summaries[0]).toMatch(
        /^parley-\d{8}-\d{6}\.tar\.gz written: \d+ rows, \d+ files .*; 0 older archives removed, 1 kept$/,
      );
      expect(summaries[2]).toMatch(/; 1 older archives removed, 2 kept$/);
      const kept = fs.readdirSync(dir).sort();
      expect(kept).toHaveLength(2);
      expect(
        kept.every((name) => /^parley-\d{8}-\d{6}\.tar\.gz$/.test(name)),
      ).toBe(true);
      // The newest holds the installation: it imports into an empty database.
      const into = await createTestDb();
      try {
        const report = await importArchive(
          into.db,
          fs.mkdtempSync(path.join(os.tmpdir(), "parley-nightly-files-")),
          path.join(dir, kept[1] ?? ""),
        );
        expect(report.tables.users).toBeGreaterThan(0);
      } finally {
        await into.db.destroy();
        await into.drop();
      }
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes into the S3 bucket with ARCHIVE_DIR=s3, keeps the newest, and leaves archives out of archives", async () => {
    const s3 = await startS3();
    const own = await startTestApp({ ARCHIVE_DIR: "s3", ARCHIVE_KEEP: "2" });
    try {
      const ownAdmin = await loginAdmin(own);
      const run = async () => {
        const res = await call(
          "/manage/Task/runTask",
          { name: "archive" },
          ownAdmin,
          own,
        );
        expect(res.code, res.msg).toBe(0);
        own.clock.advance(DAY);
        return (res.data as { summary: string }).summary;
      };
      // Without a bucket set up, it says so.
      expect(await run()).toMatch(/^ARCHIVE_DIR=s3 but no S3 bucket is set up/);
      await storeInBucket(own.db, s3);
      const summaries = [await run(), await run(), await run()];
      expect(summaries[0]).toMatch(
        /^parley-\d{8}-\d{6}\.tar\.gz written in the bucket: \d+ rows, 0 files .*; 0 older archives removed, 1 kept$/,
      );
      // The second archive holds no copy of the first: archives are not files of the installation.
      expect(summaries[1]).toMatch(/written in the bucket: \d+ rows, 0 files/);
      expect(summaries[2]).toMatch(/; 1 older archives removed, 2 kept$/);
      const keys = (await s3.keys()).sort();
      expect(keys).toHaveLength(2);
      expect(
        keys.every((key) => /^archive\/parley-\d{8}-\d{6}\.tar\.gz$/.test(key)),
      ).toBe(true);
    } finally {
      await own.close();
      await s3.close();
    }
  });
});
